import { errors } from './es/errors';

/**
 * From a failed API call to the spec's Spanish message (portal §8, admin §8): wire codes, field names and the screens
 * whose failures the spec words by status. Logic only reads the catalogue (./es/errors.ts and the maps below); it
 * does not need the rest of it, so /login loads the error messages without every screen's texts.
 */

/** Wire codes (shared/errors.ts and the spec's §8) and their messages. Codes missing here get the generic message. */
export const ERROR_MESSAGES: Readonly<Record<string, string>> = {
  INVALID_CREDENTIALS: errors.invalidLogin,
  USER_DISABLED: errors.invalidLogin,
  // The second factor (TOTP): a wrong, used or old code; the sign-in's five minutes passed.
  INVALID_CODE: '¡Oops! El código no es válido. Revisa tu aplicación de autenticación e inténtalo de nuevo.',
  SECOND_FACTOR_ACTIVE: 'Ya tienes la verificación en dos pasos activada.',
  SECOND_FACTOR_EXPIRED: 'El ingreso expiró. Vuelve a ingresar tu correo y contraseña.',
  // Passkeys: one that does not prove itself here (unknown, removed, another portal's, a challenge used or expired).
  PASSKEY_REFUSED: 'No pudimos verificar tu llave de acceso. Inténtalo de nuevo o ingresa con tu correo y contraseña.',
  PASSKEY_PORTAL: 'Las llaves de acceso se usan solo desde el portal de tu empresa.',
  // Microsoft sign-in: the person's account matches no user nor invitation of this firm; the firm has it off; the
  // exchange failed.
  MICROSOFT_NOT_INVITED: 'Tu cuenta de Microsoft no está invitada a este portal.',
  MICROSOFT_SIGN_IN_OFF: 'Este portal no tiene habilitado el ingreso con Microsoft.',
  MICROSOFT_SIGN_IN_FAILED: 'No pudimos completar tu ingreso con Microsoft. Inténtalo de nuevo.',
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
  USER_ALREADY_INVITED: 'Usuario ya invitado y/o registrado',
  USER_IS_ADMIN: 'Este usuario no se puede eliminar ya que es administrador de algun proyecto,grupo o sociedad.',
  INVALID_TOKEN: errors.expiredLink,
  INVITATION_USED: errors.invitationUsed,
  SAME_DATA: 'Ya existe este nombre, por favor cambie',
  URL_EXISTS: 'La URL ingresada ya fue registrada',
  // Hierarchy admin (projects, groups, societies, industries): deletions the API refuses, and a missing record.
  PROJECT_NOT_EMPTY: 'No es posible eliminar el proyecto porque aún tiene grupos asociados.',
  GROUP_NOT_EMPTY: 'No es posible eliminar el grupo porque aún tiene sociedades asociadas.',
  SOCIETY_HAS_USERS: 'No es posible eliminar la sociedad porque aún tiene usuarios asociados.',
  SOCIETY_HAS_DOCUMENTS: 'No es posible eliminar la sociedad porque aún tiene archivos en el gestor de documentos.',
  // One edit adds about 28 or removes about 45 members at most (a DynamoDB transaction holds 100 writes).
  TOO_MANY_CHANGES: 'Demasiados cambios en una sola edición, guarda los miembros en partes.',
  INDUSTRY_IN_USE: 'No es posible eliminar la industria porque hay sociedades que la usan.',
  ARTICLE_LIMIT: 'Esta lista ya tiene 100 artículos: elimina alguno antes de agregar otro.',
  NOT_FOUND: 'El registro solicitado no existe o fue eliminado.',
  // 503: the portal's services are busy or slow to answer (throttled, timed out); the same action may simply be retried.
  SERVICE_BUSY: 'El servicio está ocupado en este momento. Inténtalo nuevamente en unos segundos.',
  // Sessions and access: shown on the login page after the SPA signs the user out.
  SESSION_ENDED: 'Tu sesión terminó. Por favor, inicia sesión nuevamente.',
  CSRF_REFUSED: 'No pudimos verificar que la solicitud viniera del portal. Recarga la página e inténtalo de nuevo.',
  PROJECT_DISABLED: 'El proyecto al que perteneces está deshabilitado. Contacta a tu administrador.',
  GROUP_DISABLED: 'El grupo al que perteneces está deshabilitado. Contacta a tu administrador.',
  WRONG_PASSWORD: 'La contraseña actual no es correcta.',
  // An account has one role; an invitation with another cannot join it (said to the invited person only).
  INVITATION_ROLE_CONFLICT:
    'Tu cuenta del portal tiene otro rol y no puede aceptar esta invitación. Pide a quien te invitó una invitación con tu rol actual.',
  // Documents (portal §8).
  TEMPLATE_HAS_FILES:
    'La carpeta plantilla posee archivos dentro para alguna de sus variantes, para eliminar por favor borre esos archivos.',
  GROUP_CHANGE_CONFLICT:
    'Existe un conflicto en el cambio de grupo, causado por los archivos asociados en el gestor de documentos',
  LINK_EXPIRED: 'Este link se encuentra expirado, solicite uno nuevo.',
  UPLOAD_EXPIRED: 'La subida del archivo expiró, por favor súbelo nuevamente.',
  UPLOAD_MISSING: 'El archivo no se terminó de subir, por favor súbelo nuevamente.',
  // A message's attachment in a firm that has no document folders yet (the file needs a folder to land in).
  NO_FOLDER:
    'Tu empresa aún no tiene carpetas de documentos, así que no es posible adjuntar archivos. Envía el mensaje sin adjuntos.',
  // 'Reemplazar' of a document deleted (or renamed) before the upload landed.
  REPLACED_DOCUMENT_GONE:
    'El documento que ibas a reemplazar ya no existe en esta carpeta. Vuelve a subir el archivo como documento nuevo.',
  // Modules: SUPER_ADMIN deletes a module only while no report or assignment is placed in it.
  MODULE_IN_USE: 'No es posible eliminar el módulo porque hay reportes o asignaciones que lo usan.',
  // Accounting statements in USD: no dólar observado stored on or before the period's last day.
  // The registry of embeddable dashboards: a report picks a registered dashboard of its projects only,
  // names no QuickSight user, and no parameter carries the name of a row-level security tag.
  NOT_REGISTERED: 'El tablero elegido no está registrado para los proyectos de este reporte. Elige uno de la lista.',
  DASHBOARD_EXISTS: 'Este tablero ya está registrado.',
  DASHBOARD_PREFIX: 'El id del tablero no empieza con el prefijo que este ambiente permite embeber.',
  QUICKSIGHT_USER_NOT_ALLOWED:
    'El usuario de QuickSight no se elige en el reporte: el tablero se muestra con el acceso de cada persona.',
  RESERVED_PARAMETER:
    'Los nombres project, group, society, role y user están reservados para la seguridad de los tableros; elige otro nombre de parámetro.',
  // A CSV row refused because the day's invitation mails ran out (the 429 itself says the wait).
  MAIL_QUOTA_EXCEEDED: 'Se alcanzó el límite diario de correos de invitación; esta fila no se invitó.',
  // Document requests' templates and schedules.
  TEMPLATE_NOT_RECURRING: 'Esta plantilla no es recurrente: elige una mensual (F29) o anual (F22) para programarla.',
  TEMPLATE_HAS_SCHEDULES: 'La plantilla tiene programaciones activas: elimínalas antes de cambiar su recurrencia.',
  SCHEDULE_EXISTS: 'Esta plantilla ya está programada para el mismo destino.',
  // Document requests ('Solicitudes').
  REQUEST_CLOSED: 'Esta solicitud ya está completa o fue cancelada; no admite cambios.',
  REQUEST_ITEM_ACCEPTED: 'Este documento ya fue aceptado; no admite cambios.',
  REQUEST_ITEM_NOT_ANSWERED: 'Este documento aún no tiene una respuesta que revisar.',
  REQUEST_ITEM_FULL: 'Este documento ya tiene el máximo de archivos permitidos.',
  REQUEST_ITEM_THREADS_FULL:
    'Este ítem ya tiene el máximo de conversaciones; continúa en una de ellas o inicia una sin vincular.',
  EXCHANGE_RATE_MISSING:
    'No hay un dólar observado registrado para la fecha del período; no es posible mostrar el estado en dólares.',
};

/** Codes whose message says how long to wait (429 with remaining_time): the usage quotas. */
export const TIMED_MESSAGES: Readonly<Record<string, (remainingSeconds: number) => string>> = {
  RESEND_COOLDOWN: errors.resendCooldown,
  MAIL_QUOTA_EXCEEDED: errors.mailQuotaExceeded,
  QUOTA_EXCEEDED: errors.quotaExceeded,
};

/** Spanish names of wire fields, used in the field messages ('... completa {field}'). */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  email: 'correo electrónico',
  password: 'contraseña',
  password_confirmation: 'confirmación de contraseña',
  current_password: 'contraseña actual',
  first_name: 'nombre',
  last_name: 'apellidos',
  phone_number: 'número de teléfono',
  rut_user: 'RUT',
  position: 'cargo',
  subject: 'asunto',
  description: 'descripción',
  file_csv: 'archivo csv',
  file: 'archivo',
  attachments: 'archivos adjuntos',
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
  // Hierarchy admin fields.
  subtitle: 'subtítulo',
  admin: 'administradores',
  user: 'usuarios',
  logo: 'logo',
  icon: 'ícono',
  image: 'imagen',
  // Documents.
  folder: 'carpeta',
  main_folder: 'carpeta principal',
  file_name: 'nombre de archivo',
  file_size: 'tamaño de archivo',
  // Reports and accounting assignments.
  tool_type: 'tipo de herramienta',
  aws_id_dashboard: 'aws_id_dashboard',
  aws_username: 'aws_username',
  builtin_dashboard: 'tablero integrado',
  project_list: 'proyectos, grupos o sociedades',
  group_list: 'grupos',
  society_list: 'sociedades',
  enable_project_admin: 'tipo de usuario',
  parameter_list: 'parámetros',
  accounting_type: 'tipo de reporte contable',
  module_name: 'nombre de módulo',
  name: 'nombre',
  usuario: 'usuario',
  reporte: 'reporte',
};

/** A field name in Spanish; an unknown wire name reads 'este campo' rather than leaking an English identifier. */
export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? 'este campo';
}

/** One field code as a message (spec §5: a code *containing* REQUIRED counts as required). */
export function fieldErrorMessage(field: string, code: string): string {
  const label = fieldLabel(field);
  const messages = errors.field;
  if (code.includes('REQUIRED')) return messages.required(label);
  if (code === 'FORMAT_ERROR' || code === 'FORMAT_NOT_ALLOWED') return messages.format(label);
  if (code === 'ERROR_LENGTH') return messages.length(label);
  if (code === 'FIELD_BLANK') return messages.blank(label);
  if (code === 'SAME_DATA') return messages.sameData;
  if (code === 'URL_EXISTS') return messages.urlExists;
  return ERROR_MESSAGES[code] ?? errors.generic;
}

/** What the SPA knows of a failed call (web/src/lib/api-client.ts ApiError has this shape). */
export interface ErrorLike {
  status?: number;
  code?: string;
  errors?: Record<string, readonly string[]>;
  remaining_time?: number;
  /** The call's correlation id, which support finds the request's log lines by. */
  reference?: string;
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
  invitation: { status: 400, message: errors.invitationExists },
  userDelete: { status: 409, message: errors.userIsAdmin },
  userUpdate: { status: 403, message: ERROR_MESSAGES.ACTION_NOT_ALLOWED as string },
  societyGroupChange: { status: 409, message: errors.societyGroupConflict },
  templateFolderDelete: { status: 400, message: errors.templateFolderNotEmpty },
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

/**
 * The one Spanish message for a failed call. Unknown codes, network failures and non-API errors get the generic text;
 * a server failure adds the call's 'código de referencia' for the firm's support call.
 */
export function messageForError(error: unknown, context?: ErrorContext): string {
  const message = messageWithoutReference(error, context);
  if (!isErrorLike(error) || !error.reference || (error.status ?? 0) < 500) return message;
  return `${message} ${errors.reference(error.reference)}`;
}

function messageWithoutReference(error: unknown, context?: ErrorContext): string {
  if (!isErrorLike(error)) return errors.generic;
  const { status, code } = error;
  const timed = code ? TIMED_MESSAGES[code] : undefined;
  if (timed) return timed(error.remaining_time ?? 0);
  if (status === 429 || code === 'TOO_MANY_ATTEMPTS') return errors.tooManyAttempts(error.remaining_time ?? 0);
  // A right password of a member of a disabled project or group: say why, rather than 'invalid credentials'.
  if (context === 'login' && (code === 'PROJECT_DISABLED' || code === 'GROUP_DISABLED' || code === 'SERVICE_BUSY'))
    return ERROR_MESSAGES[code] as string;
  if (context === 'login') return status === 400 || status === 401 ? errors.invalidLogin : errors.generic;
  if (code && ERROR_MESSAGES[code]) return ERROR_MESSAGES[code];
  if (context) {
    const rule = CONTEXT_BY_STATUS[context];
    if (rule.status === status) return rule.message;
  }
  if (error.errors) {
    const [field, codes] = Object.entries(error.errors)[0] ?? [];
    if (field && codes?.[0]) return fieldErrorMessage(field, codes[0]);
  }
  return errors.generic;
}
