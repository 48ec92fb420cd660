/** The chatbot's articles screen: the shared list and each firm's, searched by the assistant. */
export const chatbotArticles = {
  title: 'Artículos del asistente',
  hint:
    'El asistente responde desde estos artículos y cita su fuente. Los compartidos sirven a todas las firmas; ' +
    'los de cada firma, solo a sus clientes.',
  listLabel: 'Lista',
  shared: 'Compartidos (todas las firmas)',
  sharedReadOnly: 'Los artículos compartidos los mantiene el superadministrador; puedes leerlos, no cambiarlos.',
  count: (count: number, limit: number) => `${count} de ${limit} artículos`,
  add: 'Agregar artículo',
  tableLabel: 'Artículos',
  empty: 'Esta lista aún no tiene artículos.',
  columns: { title: 'Título', source: 'Fuente', updated: 'Actualizado', edit: 'Editar' },
  edit: 'Editar',
  editFor: (title: string) => `Editar ${title}`,
  createTitle: 'Nuevo artículo',
  editTitle: 'Editar artículo',
  fields: {
    title: 'Título',
    body: 'Texto',
    bodyHint: 'El primer párrafo es la respuesta breve; el resto, el detalle.',
    source: 'Fuente',
    sourceHint: 'De dónde viene la información: una norma, el SII, la política de la firma…',
  },
  save: 'Guardar',
  cancel: 'Cancelar',
  created: (title: string) => `Artículo "${title}" agregado.`,
  saved: (title: string) => `Artículo "${title}" guardado.`,
  deleted: 'Artículo eliminado.',
  deleteConfirm: (title: string) => `¿Eliminar el artículo "${title}"? El asistente dejará de usarlo.`,
} as const;
