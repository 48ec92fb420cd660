import { formatMinutesSeconds, formatWait } from '../format';

/**
 * Texts of failures: the generic and sign-in messages and the field message templates. Which one a failed
 * call gets is decided in ../error-messages.ts.
 */
export const errors = {
  generic: '¡Oops! Parece que algo salío mal. Por favor, vuelve a intentarlo más tarde.',
  invalidLogin: '¡Vaya! El correo y/o contraseña no son válidos.',
  /** After a server failure's message: what the firm's support asks for. */
  reference: (code: string) => `Código de referencia: ${code}.`,
  tooManyAttempts: (remainingSeconds: number) =>
    `Demasiados intentos. Por favor, espere ${formatMinutesSeconds(remainingSeconds)}.`,
  // Quotas: the wait can be hours, so it is said in words.
  resendCooldown: (remainingSeconds: number) =>
    `Esta invitación se reenvió hace poco. Podrás reenviarla en ${formatWait(remainingSeconds)}.`,
  mailQuotaExceeded: (remainingSeconds: number) =>
    `Se alcanzó el límite diario de correos de invitación. Podrás enviar más en ${formatWait(remainingSeconds)}.`,
  quotaExceeded: (remainingSeconds: number) =>
    `Se alcanzó el límite de uso de esta función. Podrás usarla de nuevo en ${formatWait(remainingSeconds)}.`,
  expiredLink: 'Este link se encuentra expirado, solicite uno nuevo.',
  invitationUsed: 'Esta invitación ya fue aceptada: tu cuenta está activa. Inicia sesión con tu correo y contraseña.',
  invitationExists: 'Usuario ya invitado y/o registrado',
  userIsAdmin: 'Este usuario no se puede eliminar ya que es administrador de algun proyecto,grupo o sociedad.',
  societyGroupConflict:
    'Existe un conflicto en el cambio de grupo, causado por los archivos asociados en el gestor de documentos',
  templateFolderNotEmpty:
    'La carpeta plantilla posee archivos dentro para alguna de sus variantes, para eliminar por favor borre esos archivos.',
  field: {
    required: (field: string) => `¡Oops! Este campo es obligatorio: completa ${field}`,
    format: (field: string) => `Error en formato de ${field}`,
    length: (field: string) => `Error en largo de ${field}`,
    blank: (field: string) => `Por favor complete ${field}`,
    sameData: 'Ya existe este nombre, por favor cambie',
    urlExists: 'La URL ingresada ya fue registrada',
  },
} as const;
