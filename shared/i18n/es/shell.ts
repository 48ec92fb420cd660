import { ADMIN_MENU } from '../../roles';

/** The signed-in frame: session ends, top bar, sidebars, home, and the titles of every page. */
export const session = {
  inactivity: 'Sesión terminada por inactividad',
  security: 'Por seguridad estamos cerrando sesión.',
} as const;

export const topBar = {
  logo: 'Ir al inicio',
  /** The logo link's name when the logo is the firm's title in text: the visible words come first (WCAG 2.5.3). */
  logoTitled: (title: string) => `${title}: ir al inicio`,
  back: 'Volver',
  help: 'Ayuda',
  messaging: 'Escríbenos por WhatsApp',
  ticket: 'Ticket de soporte',
  notifications: 'Notificaciones',
  noNotifications: 'No hay notificaciones',
  fileAdded: 'Archivo añadido',
  userMenu: 'Menú de usuario',
  myTickets: 'Mis tickets',
  changePassword: 'Cambiar contraseña',
  signOut: 'Cerrar sesión en el portal',
} as const;

export const sidebar = {
  navigation: 'Navegación principal',
  adminNavigation: 'Navegación de administración',
  home: 'Inicio',
  reports: 'Mis reportes',
  noReports: 'No tienes reportes asignados',
  accounting: 'Contabilidad',
  noAccounting: 'No tienes estados contables asignados',
  documents: 'Documentos',
  messages: 'Mensajes',
  requests: 'Solicitudes',
  support: 'Soporte',
  userInfo: 'Mi perfil',
  adminPanel: 'Panel de administración',
  adminModules: 'Módulos',
  backToPortal: 'Volver al portal',
  collapse: 'Contraer menú',
  expand: 'Expandir menú',
  // The drawer of narrow screens
  openMenu: 'Abrir menú',
  closeMenu: 'Cerrar menú',
} as const;

export const home = {
  greeting: (name: string) => `Hola ${name}`.trim(),
  welcome: 'Bienvenido a nuestro portal',
} as const;

/** Titles of the pages later issues fill; each shows the pending text until then. */
export const pages = {
  forgottenPassword: 'Recuperar contraseña',
  passwordReset: 'Restablecer contraseña',
  successEmail: 'Revisa tu correo',
  successResetPass: 'Contraseña modificada con éxito',
  successRegister: 'Cuenta registrada exitosamente',
  expiredToken: 'Link expirado',
  register: 'Registro',
  share: 'Documento compartido',
  chatbot: 'Asistente tributario y contable',
  support: 'Soporte',
  userInfo: 'Mi perfil',
  changePassword: 'Cambiar contraseña',
  reportView: 'Reporte',
  accounting: 'Contabilidad',
  documents: 'Documentos',
  taxCalendar: 'Calendario tributario',
  adminTaxRules: 'Reglas tributarias',
  adminProjects: 'Proyectos',
  adminProjectCreate: 'Crear proyecto',
  adminProjectEdit: 'Editar proyecto',
  adminProjectDetail: 'Detalle del proyecto',
  adminGroups: 'Grupos sociedad',
  adminGroupCreate: 'Crear grupo sociedad',
  adminGroupEdit: 'Editar grupo sociedad',
  adminGroupDetail: 'Detalle del grupo sociedad',
  adminSocieties: 'Sociedades',
  adminSocietyCreate: 'Crear sociedad',
  adminSocietyEdit: 'Editar sociedad',
  adminSocietyDetail: 'Detalle de la sociedad',
  adminUsers: 'Usuarios',
  adminUserInvite: 'Invitar usuario',
  adminUserImport: 'Importar usuarios',
  adminUserEdit: 'Editar usuario',
  adminUserDetail: 'Detalle del usuario',
  adminReports: 'Reportes',
  adminReportCreate: 'Crear reporte',
  adminReportEdit: 'Editar reporte',
  adminReportDetail: 'Detalle del reporte',
  adminAccounting: 'Contabilidad',
  adminAccountingCreate: 'Asignar reporte',
  adminAccountingEdit: 'Editar asignación',
  adminAccountingDetail: 'Detalle de la asignación',
  adminDocuments: 'Administración de documentos',
  adminTemplateFolders: 'Carpetas plantilla',
} as const;

/** Admin menu labels live in shared/roles.ts with the roles that see each entry. */
export const adminMenu = ADMIN_MENU;

/** /health-check while it asks the API, and when the API does not answer; 'ok' is common.ts's. */
export const healthStatus = {
  checking: 'Verificando el estado de la API…',
  down: 'The App is not Healthy: la API no responde.',
} as const;
