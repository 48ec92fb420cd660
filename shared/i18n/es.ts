import { ADMIN_MENU, ROLE_LABELS } from '../roles';

/**
 * THE catalogue: every text a user of the portal sees, in Spanish, and the map from API error codes to the spec's
 * messages (portal §8, admin §8). Texts quoted by the spec are copied verbatim, typos included ('salío', 'exito').
 * Role labels and admin menu labels live in shared/roles.ts (shared with the API) and are re-exported here, so the
 * SPA reads every text from this one module.
 */

/** 300 → '5:00', 59 → '0:59'. Rounds up so a lock is never shown shorter than it is; negatives count as 0. */
export function formatMinutesSeconds(totalSeconds: number): string {
  const seconds = Number.isFinite(totalSeconds) ? Math.max(0, Math.ceil(totalSeconds)) : 0;
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

const GENERIC = '¡Oops! Parece que algo salío mal. Por favor, vuelve a intentarlo más tarde.';
const INVALID_LOGIN = '¡Vaya! El correo y/o contraseña no son válidos.';
const EXPIRED_LINK = 'Este link se encuentra expirado, solicite uno nuevo.';

export const es = {
  app: {
    /** Default document title when no project branding applies (the spec leaves the firm's name out). */
    title: 'Portal',
    loading: 'Cargando...',
    retry: 'Reintentar',
    goHome: 'Ir al inicio',
    notFoundTitle: 'Página no encontrada',
    notFoundText: 'La página que buscas no existe o fue movida.',
    profileError: 'No fue posible cargar tu perfil.',
  },
  welcome: {
    title: 'Bienvenido',
    text: 'Bienvenido a nuestro portal',
  },
  login: {
    title: 'Bienvenido',
    brandedTitle: 'Ingresa a tu cuenta',
    email: 'Correo electrónico',
    emailPlaceholder: 'nombre@empresa.cl',
    password: 'Contraseña',
    showPassword: 'Mostrar contraseña',
    passwordHidden: 'La contraseña está oculta',
    passwordShown: 'La contraseña está visible',
    submit: 'Ingresar',
    submitting: 'Ingresando...',
    forgotten: '¿Olvidaste tu contraseña?',
    remember: 'Recordarme',
    ssoDivider: 'O ingresa con',
    ssoMicrosoft: 'Ingresar con Microsoft',
    ssoSoon: 'Próximamente',
    footer: (year: number, disclaimer: string) => `© ${year} ${disclaimer}`.trim(),
    logoAlt: (name: string) => `Logo de ${name}`,
  },
  session: {
    inactivity: 'Sesión terminada por inactividad',
    security: 'Por seguridad estamos cerrando sesión.',
  },
  topBar: {
    logo: 'Ir al inicio',
    back: 'Volver',
    help: 'Ayuda',
    messaging: 'Escríbenos por WhatsApp',
    ticket: 'Ticket de soporte',
    notifications: 'Notificaciones',
    noNotifications: 'No hay notificaciones',
    fileAdded: 'Archivo añadido',
    userMenu: 'Menú de usuario',
    changePassword: 'Cambiar contraseña',
    signOut: 'Cerrar sesión en el portal',
  },
  sidebar: {
    navigation: 'Navegación principal',
    adminNavigation: 'Navegación de administración',
    home: 'Inicio',
    reports: 'Mis reportes',
    noReports: 'No tienes reportes asignados',
    accounting: 'Contabilidad',
    noAccounting: 'No tienes estados contables asignados',
    documents: 'Documentos',
    support: 'Soporte',
    userInfo: 'Mi perfil',
    adminPanel: 'Panel de administración',
    adminModules: 'Modulos',
    backToPortal: 'Volver al portal',
    collapse: 'Contraer menú',
    expand: 'Expandir menú',
  },
  home: {
    greeting: (name: string) => `Hola ${name}`.trim(),
    welcome: 'Bienvenido a nuestro portal',
  },
  /** The spec's own text for the public health page (portal §2); it is a monitoring probe, not a user screen. */
  health: { ok: 'The App is Healthy' },
  pending: {
    text: 'Esta sección estará disponible próximamente.',
  },
  /** Titles of the pages later issues fill; each shows the pending text until then. */
  pages: {
    forgottenPassword: 'Recuperar contraseña',
    passwordReset: 'Restablecer contraseña',
    successEmail: 'Email enviado',
    successResetPass: 'Contraseña modificada con exito',
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
  },
  roles: ROLE_LABELS,
  adminMenu: ADMIN_MENU,
  errors: {
    generic: GENERIC,
    invalidLogin: INVALID_LOGIN,
    tooManyAttempts: (remainingSeconds: number) =>
      `Demasiados intentos. Por favor, espere ${formatMinutesSeconds(remainingSeconds)}.`,
    expiredLink: EXPIRED_LINK,
    invitationExists: 'Usuario ya invitado y/o registrado',
    userIsAdmin: 'Este usuario no se puede eliminar ya que es administrador de algun proyecto,grupo o sociedad.',
    societyGroupConflict:
      'Existe un conflicto en el cambio de grupo, causado por los archivos asociados en el gestor de documentos',
    templateFolderNotEmpty:
      'La carpeta plantilla posee archivos dentro para alguna de sus variantes, para eliminar por favor borre esos archivos.',
    field: {
      required: (field: string) => `Oops! Este campo es obligatorio, por favor complete ${field}`,
      format: (field: string) => `Error en formato de ${field}`,
      length: (field: string) => `Error en largo de ${field}`,
      blank: (field: string) => `Por favor complete ${field}`,
      sameData: 'Ya existe este nombre, por favor cambie',
      urlExists: 'La URL ingresada ya fue registrada',
    },
  },
} as const;

/** Wire codes (shared/errors.ts and the spec's §8) and their messages. Codes missing here get the generic message. */
export const ERROR_MESSAGES: Readonly<Record<string, string>> = {
  INVALID_CREDENTIALS: INVALID_LOGIN,
  USER_DISABLED: INVALID_LOGIN,
  RUT_TAKEN: '¡Vaya! El rut ingresado ya se registró.',
  PROJECT_NAME_TAKEN: '¡Vaya! El nombre de proyecto ingresado ya se registró.',
  EMAIL_NOT_EXISTS: '¡Oops! El correo ingresado no está registrado.',
  USER_NOT_FOUND: '¡Oops! El correo ingresado no está registrado.',
  PASSWORD_EXISTS: '¡Oops! La contraseña ingresada debe ser diferente de la actual.',
  ADMIN_ERROR: 'El administrador seleccionado ya se encuentra en otro proyecto',
  DATA_CONFLICT: 'Conflicto en los datos del formulario , revise si los campos se encuentran ingresados correctamente.',
  // The spec only says "similar, for parameters".
  DATA_CONFLICT_PARAMS:
    'Conflicto en los parámetros del formulario , revise si los parámetros se encuentran ingresados correctamente.',
  INVALID: 'Elección invalida de modulo, por favor escoja otro.',
  NOT_FOUNT: 'Grafico no encontrado',
  ACTION_NOT_ALLOWED: 'Acción no permitida, cambio no realizado',
  INVALID_TOKEN: EXPIRED_LINK,
  SAME_DATA: 'Ya existe este nombre, por favor cambie',
  URL_EXISTS: 'La URL ingresada ya fue registrada',
};

/** Spanish names of wire fields, used in the field messages ('... por favor complete {field}'). */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  email: 'email',
  password: 'contraseña',
  password_confirmation: 'confirmación de contraseña',
  first_name: 'nombre',
  last_name: 'apellidos',
  phone_number: 'numero de telefono',
  rut_user: 'RUT',
  position: 'cargo',
  subject: 'asunto',
  description: 'descripción',
  file_csv: 'archivo csv',
  file: 'archivo',
  folder_name: 'nombre de carpeta',
  document_name: 'nombre de documento',
  project_name: 'nombre de proyecto',
  client_name: 'nombre de cliente',
  associated_service_description: 'descripción del servicio asociado',
  service_description: 'descripción del servicio',
  meta_title: 'título del sitio',
  meta_content: 'descripción del sitio',
  url_own_site: 'URL del sitio propio',
  custom_portal_url: 'URL del portal',
  header_title: 'título del encabezado',
  footer_disclaimer: 'pie de página',
  contact_email: 'email de contacto',
  contact_phone: 'teléfono de contacto',
  primary_color: 'color primario',
  secondary_color: 'color secundario',
  group_name: 'nombre de grupo',
  group_description: 'descripción de grupo',
  society_business_name: 'razón social',
  society_rut: 'RUT',
  business_line: 'giro',
  company_code: 'código de empresa',
  industry_type: 'industria',
  industry: 'industria',
  society_email: 'email de sociedad',
  currency: 'moneda',
  society_contact_name: 'nombre de contacto',
  society_phone_number: 'teléfono de sociedad',
  society_address: 'dirección',
  society_contact_email: 'email de contacto',
  tax_module: 'panel tributario',
  project: 'proyecto',
  group: 'grupo',
  society: 'sociedad',
  user_role: 'rol',
  report_name: 'nombre de reporte',
  menu_name: 'nombre de menú',
  url: 'URL',
  module: 'módulo',
};

/** A field name in Spanish; an unknown wire name reads 'este campo' rather than leaking an English identifier. */
export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? 'este campo';
}

/** One field code as a message (spec §5: a code *containing* REQUIRED counts as required). */
export function fieldErrorMessage(field: string, code: string): string {
  const label = fieldLabel(field);
  const messages = es.errors.field;
  if (code.includes('REQUIRED')) return messages.required(label);
  if (code === 'FORMAT_ERROR' || code === 'FORMAT_NOT_ALLOWED') return messages.format(label);
  if (code === 'ERROR_LENGTH') return messages.length(label);
  if (code === 'FIELD_BLANK') return messages.blank(label);
  if (code === 'SAME_DATA') return messages.sameData;
  if (code === 'URL_EXISTS') return messages.urlExists;
  return ERROR_MESSAGES[code] ?? GENERIC;
}

/** What the SPA knows of a failed call (web/src/lib/api-client.ts ApiError has this shape). */
export interface ErrorLike {
  status?: number;
  code?: string;
  errors?: Record<string, readonly string[]>;
  remaining_time?: number;
}

/**
 * Screens whose failures the spec words by status rather than by code. 'login' follows portal §8 exactly: 429 gives the
 * wait, 400 and 401 the invalid-credentials text, anything else the generic text.
 */
export type ErrorContext =
  | 'login'
  | 'invitation'
  | 'userDelete'
  | 'userUpdate'
  | 'societyGroupChange'
  | 'templateFolderDelete';

const CONTEXT_BY_STATUS: Record<Exclude<ErrorContext, 'login'>, { status: number; message: string }> = {
  invitation: { status: 400, message: es.errors.invitationExists },
  userDelete: { status: 409, message: es.errors.userIsAdmin },
  userUpdate: { status: 403, message: ERROR_MESSAGES.ACTION_NOT_ALLOWED as string },
  societyGroupChange: { status: 409, message: es.errors.societyGroupConflict },
  templateFolderDelete: { status: 400, message: es.errors.templateFolderNotEmpty },
};

function isErrorLike(error: unknown): error is ErrorLike {
  return typeof error === 'object' && error !== null && ('code' in error || 'status' in error);
}

/** Every line to show for a failure: the field messages of a 400, or the one message of the code. */
export function messagesForError(error: unknown, context?: ErrorContext): string[] {
  if (context !== 'login' && isErrorLike(error) && error.errors && !(error.code && ERROR_MESSAGES[error.code])) {
    const lines = Object.entries(error.errors).flatMap(([field, codes]) =>
      codes.map((code) => fieldErrorMessage(field, code)),
    );
    if (lines.length > 0) return [...new Set(lines)];
  }
  return [messageForError(error, context)];
}

/** The one Spanish message for a failed call. Unknown codes, network failures and non-API errors get the generic text. */
export function messageForError(error: unknown, context?: ErrorContext): string {
  if (!isErrorLike(error)) return GENERIC;
  const { status, code } = error;
  if (status === 429 || code === 'TOO_MANY_ATTEMPTS') return es.errors.tooManyAttempts(error.remaining_time ?? 0);
  if (context === 'login') return status === 400 || status === 401 ? INVALID_LOGIN : GENERIC;
  if (code && ERROR_MESSAGES[code]) return ERROR_MESSAGES[code];
  if (context) {
    const rule = CONTEXT_BY_STATUS[context];
    if (rule.status === status) return rule.message;
  }
  if (error.errors) {
    const [field, codes] = Object.entries(error.errors)[0] ?? [];
    if (field && codes?.[0]) return fieldErrorMessage(field, codes[0]);
  }
  return GENERIC;
}
