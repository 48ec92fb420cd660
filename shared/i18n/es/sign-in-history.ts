import type { SignInMethod } from '../../second-factor';
import type { SessionAction } from '../../session-log';

/** The sign-in history: the admin's user detail ('Historial de ingresos') and one's own in 'Mi perfil'. */
export const signInHistory = {
  adminTitle: 'Historial de ingresos',
  ownTitle: 'Tus últimos ingresos',
  ownHint: 'Si ves un ingreso que no reconoces, cambia tu contraseña.',
  empty: 'Aún no hay ingresos registrados.',
  more: 'Ver más',
  loadingMore: 'Cargando…',
  way: 'Forma de ingreso',
  reason: 'Motivo',
  address: 'Dirección IP',
  unknownAddress: 'desconocida',
  actions: {
    LOGIN: 'Ingreso',
    LOGIN_REFUSED: 'Ingreso rechazado',
    LOGOUT: 'Cierre de sesión',
    REFRESH_REFUSED: 'Renovación de sesión rechazada',
    REGISTER: 'Registro de la cuenta',
    PASSWORD_CHANGE: 'Cambio de contraseña',
    PASSWORD_CHANGE_REFUSED: 'Cambio de contraseña rechazado',
    PASSWORD_RESET: 'Restablecimiento de contraseña',
    PASSKEY_ADDED: 'Llave de acceso agregada',
    PASSKEY_REMOVED: 'Llave de acceso eliminada',
    PASSKEY_REGISTRATION_REFUSED: 'Llave de acceso rechazada',
  } satisfies Record<SessionAction, string>,
  methods: {
    PASSWORD: 'Contraseña',
    PASSWORD_TOTP: 'Contraseña y código',
    PASSWORD_RECOVERY_CODE: 'Contraseña y código de recuperación',
    PASSWORD_TRUSTED_DEVICE: 'Contraseña en dispositivo de confianza',
    MICROSOFT: 'Microsoft',
    MICROSOFT_TOTP: 'Microsoft y código',
    MICROSOFT_RECOVERY_CODE: 'Microsoft y código de recuperación',
    MICROSOFT_TRUSTED_DEVICE: 'Microsoft en dispositivo de confianza',
    PASSKEY: 'Llave de acceso',
  } satisfies Record<SignInMethod, string>,
  unknownMethod: 'Otra forma',
  // Why a sign-in (or a refresh, or a password change) was refused, as the session log records it.
  reasons: {
    CREDENTIALS: 'Correo o contraseña incorrectos',
    WRONG_PASSWORD: 'Contraseña actual incorrecta',
    USER_DISABLED: 'Cuenta deshabilitada',
    OTHER_PORTAL: 'Intento desde el portal de otra firma',
    SESSION_ENDED: 'Sesión terminada o acceso deshabilitado',
    SECOND_FACTOR: 'Código de verificación incorrecto',
    PASSKEY: 'Llave de acceso no válida',
    MICROSOFT_UNVERIFIED: 'Correo de Microsoft no verificado',
    MICROSOFT_NOT_INVITED: 'Cuenta de Microsoft no invitada a este portal',
  } as Record<string, string>,
  unknownReason: 'Otro motivo',
} as const;
