/** /home: the rotating texts, the per-role selection, and the currency indicator boxes. */
export const homePage = {
  promotionsLabel: 'Novedades del portal',
  promotions: [
    'Tus reportes y estados contables, siempre actualizados y en un solo lugar.',
    'Revisa tus indicadores financieros desde cualquier dispositivo.',
    'Descarga y comparte tus documentos de forma segura.',
    '¿Tienes dudas tributarias? Nuestro asistente te orienta sobre F29, F22, IVA y más.',
    'Nuestro equipo de soporte está disponible para ayudarte cuando lo necesites.',
  ],
  selection: {
    project: 'Proyecto',
    group: 'Grupo sociedad',
    society: 'Sociedad',
    none: 'No tienes elementos asignados',
  },
} as const;

export const indicators = {
  title: 'Indicadores económicos',
  names: {
    dolar: 'USD',
    uf: 'UF',
    euro: 'EUR',
    utm: 'UTM',
    ipc: 'IPC',
  },
  longNames: {
    dolar: 'Dólar observado',
    uf: 'Unidad de fomento',
    euro: 'Euro',
    utm: 'Unidad tributaria mensual',
    ipc: 'Índice de precios al consumidor (variación mensual)',
  },
  noData: 'Sin datos disponibles',
  loadError: 'No fue posible cargar los indicadores.',
  sample: 'Datos de muestra',
  sampleNote: (day: string) => `Datos de muestra al ${day}; no corresponden a valores actuales.`,
  sources: {
    mindicador: 'Fuente: mindicador.cl',
    cmf: 'Fuente: CMF Chile',
  } as Record<string, string>,
  dateOf: (date: string) => `al ${date}`,
  up: (change: string) => `Sube ${change} respecto del valor anterior`,
  down: (change: string) => `Baja ${change} respecto del valor anterior`,
  flat: 'Sin cambio respecto del valor anterior',
  trend: (name: string, period: string) => `Tendencia de ${name} en ${period}`,
  periods: { daily: 'los últimos 30 días', monthly: 'los últimos 12 meses' },
} as const;
