/** Reports, modules and accounting assignments (portal §2 Reports administration and viewer, Accounting assignments). */
export const reportsViewer = {
  notConfigured: 'La herramienta de este reporte no está configurada en este ambiente.',
  embedFailed: 'No fue posible cargar el reporte en este momento, por favor intente nuevamente.',
  timeout: 'El reporte tardó demasiado en cargar. Por favor, intente nuevamente.',
  loading: 'Cargando reporte...',
  notFound: 'Grafico no encontrado',
  print: 'Imprimir',
  noData: 'Sin datos para mostrar.',
  dashboardOf: (scope: string) => `Datos de ${scope}`,
  panels: {
    societiesByGroup: 'Sociedades por grupo',
    usersByRole: 'Usuarios por rol',
    societiesByStatus: 'Sociedades habilitadas y deshabilitadas',
    dolar: 'Dólar observado (últimos 90 días)',
    uf: 'UF (últimos 90 días)',
  },
  enabled: 'Habilitadas',
  disabled: 'Deshabilitadas',
} as const;
