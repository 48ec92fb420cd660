import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, FIELD_ERROR_CODES } from '../../../shared/errors';
import { fieldErrorMessage, formatMinutesSeconds, messageForError, messagesForError } from '../../../shared/i18n/es';
import { ApiError } from './api-client';

const GENERIC = '¡Oops! Parece que algo salío mal. Por favor, vuelve a intentarlo más tarde.';

describe('m:ss of a lock', () => {
  it.each([
    [300, '5:00'],
    [299, '4:59'],
    [59, '0:59'],
    [61, '1:01'],
    [0, '0:00'],
    [-3, '0:00'],
    [0.2, '0:01'],
    [3600, '60:00'],
  ])('%s seconds → %s', (seconds, text) => {
    expect(formatMinutesSeconds(seconds)).toBe(text);
  });
});

describe('login errors (portal §8)', () => {
  it('429 gives the wait from remaining_time', () => {
    const error = new ApiError(429, 'TOO_MANY_ATTEMPTS', { remaining_time: 300 });
    expect(messageForError(error, 'login')).toBe('Demasiados intentos. Por favor, espere 5:00.');
  });
  it.each([
    [400, 'VALIDATION_ERROR'],
    [401, 'INVALID_CREDENTIALS'],
    [401, 'USER_DISABLED'],
  ])('%s %s gives the invalid-credentials text', (status, code) => {
    expect(messageForError(new ApiError(status, code), 'login')).toBe(
      '¡Vaya! El correo y/o contraseña no son válidos.',
    );
  });
  it.each([
    [500, 'INTERNAL_ERROR'],
    [0, 'NETWORK_ERROR'],
    [0, 'TIMEOUT'],
    [403, 'ACTION_NOT_ALLOWED'],
  ])('%s %s gives the generic text', (status, code) => {
    expect(messageForError(new ApiError(status, code), 'login')).toBe(GENERIC);
  });
});

describe('error codes (portal §8, admin §8)', () => {
  it.each([
    ['RUT_TAKEN', '¡Vaya! El rut ingresado ya se registró.'],
    ['PROJECT_NAME_TAKEN', '¡Vaya! El nombre de proyecto ingresado ya se registró.'],
    ['EMAIL_NOT_EXISTS', '¡Oops! El correo ingresado no está registrado.'],
    ['USER_NOT_FOUND', '¡Oops! El correo ingresado no está registrado.'],
    ['PASSWORD_EXISTS', '¡Oops! La contraseña ingresada debe ser diferente de la actual.'],
    ['ADMIN_ERROR', 'El administrador seleccionado ya se encuentra en otro proyecto'],
    [
      'DATA_CONFLICT',
      'Conflicto en los datos del formulario , revise si los campos se encuentran ingresados correctamente.',
    ],
    ['INVALID', 'Elección invalida de modulo, por favor escoja otro.'],
    ['NOT_FOUNT', 'Grafico no encontrado'],
    ['ACTION_NOT_ALLOWED', 'Acción no permitida, cambio no realizado'],
    ['INTERNAL_ERROR', GENERIC],
    ['SOMETHING_NEW', GENERIC],
  ])('%s', (code, message) => {
    expect(messageForError(new ApiError(409, code))).toBe(message);
  });

  it('words the failures the spec names by screen and status', () => {
    expect(messageForError(new ApiError(400, 'HTTP_400'), 'invitation')).toBe('Usuario ya invitado y/o registrado');
    expect(messageForError(new ApiError(403, 'HTTP_403'), 'userUpdate')).toBe(
      'Acción no permitida, cambio no realizado',
    );
    expect(messageForError(new ApiError(409, 'HTTP_409'), 'userDelete')).toBe(
      'Este usuario no se puede eliminar ya que es administrador de algun proyecto,grupo o sociedad.',
    );
    expect(messageForError(new ApiError(409, 'HTTP_409'), 'societyGroupChange')).toBe(
      'Existe un conflicto en el cambio de grupo, causado por los archivos asociados en el gestor de documentos',
    );
    expect(messageForError(new ApiError(400, 'HTTP_400'), 'templateFolderDelete')).toBe(
      'La carpeta plantilla posee archivos dentro para alguna de sus variantes, para eliminar por favor borre esos archivos.',
    );
    // A code the catalogue knows wins over the screen's status rule.
    expect(messageForError(new ApiError(409, 'DATA_CONFLICT'), 'userDelete')).toBe(
      'Conflicto en los datos del formulario , revise si los campos se encuentran ingresados correctamente.',
    );
  });

  it('anything that is not an API error gets the generic text', () => {
    for (const value of [undefined, null, 'x', new Error('boom'), 42]) expect(messageForError(value)).toBe(GENERIC);
  });
});

/**
 * Every error code the server can answer, with the message the SPA must show for it: the spec's exact text where the
 * spec names the code (portal §8, admin §8), and a deliberate choice of the generic text where it does not. The codes
 * are read from shared/errors.ts and from the server's source, so a new code fails here until its message is decided.
 */
const WIRE_MESSAGES: Record<string, string> = {
  // portal §8: login 400/401.
  INVALID_CREDENTIALS: '¡Vaya! El correo y/o contraseña no son válidos.',
  USER_DISABLED: '¡Vaya! El correo y/o contraseña no son válidos.',
  // portal §8 and admin §8, word for word.
  RUT_TAKEN: '¡Vaya! El rut ingresado ya se registró.',
  PROJECT_NAME_TAKEN: '¡Vaya! El nombre de proyecto ingresado ya se registró.',
  EMAIL_NOT_EXISTS: '¡Oops! El correo ingresado no está registrado.',
  PASSWORD_EXISTS: '¡Oops! La contraseña ingresada debe ser diferente de la actual.',
  ADMIN_ERROR: 'El administrador seleccionado ya se encuentra en otro proyecto',
  DATA_CONFLICT: 'Conflicto en los datos del formulario , revise si los campos se encuentran ingresados correctamente.',
  ACTION_NOT_ALLOWED: 'Acción no permitida, cambio no realizado',
  USER_ALREADY_INVITED: 'Usuario ya invitado y/o registrado',
  USER_IS_ADMIN: 'Este usuario no se puede eliminar ya que es administrador de algun proyecto,grupo o sociedad.',
  // The 429 text with the wait (remaining_time 75 s in the call below).
  TOO_MANY_ATTEMPTS: 'Demasiados intentos. Por favor, espere 1:15.',
  // portal §8 sends an expired link to the expired-link page; its wording is the portal's own.
  INVALID_TOKEN: 'Este link se encuentra expirado, solicite uno nuevo.',
  INVITATION_USED: 'Esta invitación ya fue aceptada: tu cuenta está activa. Inicia sesión con tu correo y contraseña.',
  // Refusals the spec does not word: the portal's own texts, each saying what blocks the action.
  PROJECT_NOT_EMPTY: 'No es posible eliminar el proyecto porque aún tiene grupos asociados.',
  GROUP_NOT_EMPTY: 'No es posible eliminar el grupo porque aún tiene sociedades asociadas.',
  SOCIETY_HAS_USERS: 'No es posible eliminar la sociedad porque aún tiene usuarios asociados.',
  INDUSTRY_IN_USE: 'No es posible eliminar la industria porque hay sociedades que la usan.',
  ARTICLE_LIMIT: 'Esta lista ya tiene 100 artículos: elimina alguno antes de agregar otro.',
  SOCIETY_HAS_DOCUMENTS: 'No es posible eliminar la sociedad porque aún tiene archivos en el gestor de documentos.',
  // Reports and modules (portal §8, word for word; issue 11's own text for a module in use).
  DATA_CONFLICT_PARAMS:
    'Conflicto en los parámetros del formulario , revise si los parámetros se encuentran ingresados correctamente.',
  INVALID: 'Elección invalida de modulo, por favor escoja otro.',
  NOT_FOUNT: 'Grafico no encontrado',
  MODULE_IN_USE: 'No es posible eliminar el módulo porque hay reportes o asignaciones que lo usan.',
  // Documents (portal §8 for the template guard and the group change; issue 10 for links and uploads).
  TEMPLATE_HAS_FILES:
    'La carpeta plantilla posee archivos dentro para alguna de sus variantes, para eliminar por favor borre esos archivos.',
  GROUP_CHANGE_CONFLICT:
    'Existe un conflicto en el cambio de grupo, causado por los archivos asociados en el gestor de documentos',
  LINK_EXPIRED: 'Este link se encuentra expirado, solicite uno nuevo.',
  // Accounting statements in USD without a stored dólar observado (issue 12).
  // A report's parameter named like a row-level security tag.
  RESERVED_PARAMETER:
    'Los nombres project, group, society, role y user están reservados para la seguridad de los tableros; elige otro nombre de parámetro.',
  EXCHANGE_RATE_MISSING:
    'No hay un dólar observado registrado para la fecha del período; no es posible mostrar el estado en dólares.',
  NOT_FOUND: 'El registro solicitado no existe o fue eliminado.',
  TOO_MANY_CHANGES: 'Demasiados cambios en una sola edición, guarde los miembros en partes.',
  // Sessions and access (issue 8): what the login page says after the SPA signs the user out, and a wrong current
  // password on the password change.
  SESSION_ENDED: 'Tu sesión terminó. Por favor, inicia sesión nuevamente.',
  PROJECT_DISABLED: 'El proyecto al que perteneces está deshabilitado. Contacta a tu administrador.',
  GROUP_DISABLED: 'El grupo al que perteneces está deshabilitado. Contacta a tu administrador.',
  WRONG_PASSWORD: 'La contraseña actual no es correcta.',
  // A write riding the session cookies without the SPA's header: the SPA always sends it, so only a stale or foreign
  // page meets this; reloading gives the current SPA.
  CSRF_REFUSED: 'No pudimos verificar que la solicitud viniera del portal. Recarga la página e inténtalo de nuevo.',
  SERVICE_BUSY: 'El servicio está ocupado en este momento. Inténtalo nuevamente en unos segundos.',
  // An invitation whose role differs from the account's, said to the invited person only.
  INVITATION_ROLE_CONFLICT:
    'Tu cuenta del portal tiene otro rol y no puede aceptar esta invitación. Pide a quien te invitó una invitación con tu rol actual.',
  // Quotas: the wait in words (remaining_time 75 s in the call below, rounded up to the minute).
  RESEND_COOLDOWN: 'Esta invitación se reenvió hace poco. Podrás reenviarla en 2 minutos.',
  MAIL_QUOTA_EXCEEDED: 'Se alcanzó el límite diario de correos de invitación. Podrás enviar más en 2 minutos.',
  QUOTA_EXCEEDED: 'Se alcanzó el límite de uso de esta función. Podrás usarla de nuevo en 2 minutos.',
  // portal §8 "500 and others": the generic text, chosen on purpose. A 401 ends in a refresh or the sign-out
  // notice, a VALIDATION_ERROR shows its field messages (tested below), the CSV import's 408 shows its row report, and
  // a 413 cannot come from the SPA's forms, which refuse large files before sending (admin §5: images up to 2 MB).
  INTERNAL_ERROR: GENERIC,
  NOT_AUTHENTICATED: GENERIC,
  VALIDATION_ERROR: GENERIC,
  ROUTE_NOT_FOUND: GENERIC,
  NOT_PROCESSED: GENERIC,
  PAYLOAD_TOO_LARGE: GENERIC,
};

/** Codes the server's source throws: `new ApiError(409, 'X')` and `conflict('X')`, outside tests. */
function codesInServerSource(): Set<string> {
  const root = join(import.meta.dirname, '..', '..', '..');
  const codes = new Set<string>();
  for (const dir of ['functions', 'local']) {
    for (const file of readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
      const source = readFileSync(join(root, dir, file), 'utf8');
      for (const match of source.matchAll(/(?:ApiError\(\d{3}, |conflict\(|\{ code: )'([A-Z_]+)'/g)) {
        codes.add(match[1] as string);
      }
    }
  }
  codes.delete('EMAIL_SENT'); // a success answer, not an error
  return codes;
}

describe('every wire code has its own decided message', () => {
  const wireCodes = new Set([...ERROR_CODES, ...codesInServerSource()]);

  it('finds the codes the server throws (the scan itself works)', () => {
    for (const code of ['RUT_TAKEN', 'USER_IS_ADMIN', 'TOO_MANY_ATTEMPTS', 'INTERNAL_ERROR', 'ROUTE_NOT_FOUND']) {
      expect(wireCodes).toContain(code);
    }
  });

  it('no code answered by the server is left without a decided message', () => {
    expect([...wireCodes].filter((code) => !(code in WIRE_MESSAGES)).sort()).toEqual([]);
  });

  it.each(Object.entries(WIRE_MESSAGES))('%s → its message', (code, message) => {
    expect(messageForError(new ApiError(400, code, { remaining_time: 75 }))).toBe(message);
  });

  it('only the codes chosen above fall back to the generic text', () => {
    const generic = Object.keys(WIRE_MESSAGES).filter((code) => WIRE_MESSAGES[code] === GENERIC);
    expect(generic.sort()).toEqual([
      'INTERNAL_ERROR',
      'NOT_AUTHENTICATED',
      'NOT_PROCESSED',
      'PAYLOAD_TOO_LARGE',
      'ROUTE_NOT_FOUND',
      'VALIDATION_ERROR',
    ]);
    // The fallback is what an unknown code gets, so a code meant to be specific cannot pass by falling back.
    expect(messageForError(new ApiError(400, 'NO_SUCH_CODE'))).toBe(GENERIC);
  });
});

describe('field codes (portal §5, admin §8)', () => {
  it.each([
    ['first_name', 'REQUIRED', '¡Oops! Este campo es obligatorio: completa nombre'],
    ['email', 'FIELD_REQUIRED', '¡Oops! Este campo es obligatorio: completa correo electrónico'],
    ['phone_number', 'FORMAT_ERROR', 'Error en formato de número de teléfono'],
    ['file_csv', 'FORMAT_NOT_ALLOWED', 'Error en formato de archivo csv'],
    ['last_name', 'ERROR_LENGTH', 'Error en largo de apellidos'],
    ['subject', 'FIELD_BLANK', 'Por favor complete asunto'],
    ['folder_name', 'SAME_DATA', 'Ya existe este nombre, por favor cambie'],
    ['custom_portal_url', 'URL_EXISTS', 'La URL ingresada ya fue registrada'],
    ['society_rut', 'RUT_TAKEN', '¡Vaya! El rut ingresado ya se registró.'],
    ['description', 'WHATEVER', GENERIC],
  ])('%s %s', (field, code, message) => {
    expect(fieldErrorMessage(field, code)).toBe(message);
  });

  it('an unknown field name never leaks the English identifier', () => {
    expect(fieldErrorMessage('some_new_field', 'REQUIRED')).toBe(
      '¡Oops! Este campo es obligatorio: completa este campo',
    );
  });

  it('every field code of shared/errors.ts has its own message', () => {
    for (const code of FIELD_ERROR_CODES) expect(fieldErrorMessage('email', code)).not.toBe(GENERIC);
  });

  it('a 400 with field errors lists one line per distinct message', () => {
    const error = new ApiError(400, 'VALIDATION_ERROR', {
      errors: { first_name: ['REQUIRED'], email: ['FORMAT_ERROR', 'ERROR_LENGTH'] },
    });
    expect(messagesForError(error)).toEqual([
      '¡Oops! Este campo es obligatorio: completa nombre',
      'Error en formato de correo electrónico',
      'Error en largo de correo electrónico',
    ]);
    expect(messageForError(error)).toBe('¡Oops! Este campo es obligatorio: completa nombre');
  });
});
