import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, FIELD_ERROR_CODES } from '../../../shared/errors';
import { TIMED_MESSAGES } from '../../../shared/i18n/error-messages';
import {
  ERROR_MESSAGES,
  es,
  FIELD_LABELS,
  fieldErrorMessage,
  formatMinutesSeconds,
  messageForError,
  messagesForError,
} from '../../../shared/i18n/es';
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
    ['USER_ALREADY_INVITED', 'Usuario ya invitado y/o registrado'],
    ['USER_IS_ADMIN', 'Este usuario no se puede eliminar ya que es administrador de algun proyecto,grupo o sociedad.'],
    [
      'TEMPLATE_HAS_FILES',
      'La carpeta plantilla posee archivos dentro para alguna de sus variantes, para eliminar por favor borre esos archivos.',
    ],
    [
      'GROUP_CHANGE_CONFLICT',
      'Existe un conflicto en el cambio de grupo, causado por los archivos asociados en el gestor de documentos',
    ],
    ['INVALID_TOKEN', 'Este link se encuentra expirado, solicite uno nuevo.'],
    ['LINK_EXPIRED', 'Este link se encuentra expirado, solicite uno nuevo.'],
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
 * Codes the SPA answers with the generic text on purpose (portal §8 "500 and others"): a 401 ends in a refresh or the
 * sign-out notice, a VALIDATION_ERROR shows its field messages (tested below), the CSV import's 408 shows its row
 * report, and a 413 cannot come from the SPA's forms, which refuse large files before sending (admin §5: images up to
 * 2 MB). Every other code the server answers must have a message of its own in the catalogue.
 */
const GENERIC_ON_PURPOSE = [
  'INTERNAL_ERROR',
  'NOT_AUTHENTICATED',
  'NOT_PROCESSED',
  'PAYLOAD_TOO_LARGE',
  'ROUTE_NOT_FOUND',
  'VALIDATION_ERROR',
];

/** Seconds to wait in the 429s below: the texts say it (1:15, or "2 minutos" in words). */
const WAIT = 75;

/** The catalogue's message for a code (shared/i18n/error-messages.ts), waits said for WAIT seconds; none if it has none. */
function catalogued(code: string): string | undefined {
  const timed = TIMED_MESSAGES[code];
  if (timed) return timed(WAIT);
  if (code === 'TOO_MANY_ATTEMPTS') return es.errors.tooManyAttempts(WAIT);
  return ERROR_MESSAGES[code];
}

/** Words that would show English got through (whole words, any case); Spanish uses none of them. */
const ENGLISH = /\b(the|and|not|please|found|invalid|failed|try|again|your|you|is|are|to|of|with|error)\b/i;

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
  const decided = [...wireCodes].filter((code) => !GENERIC_ON_PURPOSE.includes(code)).sort();

  it('finds the codes the server throws (the scan itself works)', () => {
    for (const code of ['RUT_TAKEN', 'USER_IS_ADMIN', 'TOO_MANY_ATTEMPTS', 'INTERNAL_ERROR', 'ROUTE_NOT_FOUND']) {
      expect(wireCodes).toContain(code);
    }
  });

  it('no code answered by the server is left without a message in the catalogue', () => {
    expect(decided.filter((code) => catalogued(code) === undefined)).toEqual([]);
  });

  it.each(decided)('%s → its catalogue message: Spanish, its own, never the generic text or a code', (code) => {
    const error = new ApiError(400, code, { remaining_time: WAIT });
    const message = messageForError(error);
    expect(message).toBe(catalogued(code));
    expect(messagesForError(error)).toEqual([message]);
    expect(message).not.toBe(GENERIC);
    expect(message.trim()).not.toBe('');
    expect(message).not.toMatch(ENGLISH);
    expect(message).not.toMatch(/[A-Z]{2,}_[A-Z]/);
  });

  it('a wait is said in the text, so two waits read differently', () => {
    for (const code of [...Object.keys(TIMED_MESSAGES), 'TOO_MANY_ATTEMPTS']) {
      const at = (seconds: number) => messageForError(new ApiError(429, code, { remaining_time: seconds }));
      expect(at(WAIT), code).not.toBe(at(2 * 3600));
    }
    expect(messageForError(new ApiError(429, 'TOO_MANY_ATTEMPTS', { remaining_time: WAIT }))).toContain('1:15');
    expect(messageForError(new ApiError(429, 'RESEND_COOLDOWN', { remaining_time: WAIT }))).toContain('2 minutos');
  });

  it('only the codes chosen above fall back to the generic text, and the catalogue words none of them', () => {
    for (const code of GENERIC_ON_PURPOSE) {
      expect(catalogued(code), code).toBeUndefined();
      expect(messageForError(new ApiError(400, code)), code).toBe(GENERIC);
    }
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

  it('a 400 on the hierarchy forms says each field in Spanish, one line each (admin §8)', () => {
    const errors = {
      group_name: ['SAME_DATA'],
      custom_portal_url: ['URL_EXISTS'],
      society_rut: ['FORMAT_ERROR'],
      project_name: ['REQUIRED'],
      client_name: ['FIELD_BLANK'],
      company_code: ['ERROR_LENGTH'],
      project: ['FORMAT_NOT_ALLOWED'],
    };
    const lines = messagesForError(new ApiError(400, 'VALIDATION_ERROR', { errors }));
    expect(lines).toEqual(Object.entries(errors).map(([field, [code]]) => fieldErrorMessage(field, code as string)));
    expect(lines).not.toContain(GENERIC);
    for (const field of Object.keys(errors)) expect(FIELD_LABELS[field], field).toBeDefined();
    expect(lines).toContain('Error en formato de RUT');
    expect(lines).toContain('Error en largo de código de empresa');
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

describe('the código de referencia of a server failure', () => {
  it('follows the message of a 5xx that names its call, and nothing else', () => {
    expect(messageForError(new ApiError(500, 'INTERNAL_ERROR', { reference: '3f9a0c12be47' }))).toBe(
      `${GENERIC} Código de referencia: 3f9a0c12be47.`,
    );
    expect(messageForError(new ApiError(503, 'SERVICE_BUSY', { reference: 'ab12cd34ef56' }))).toMatch(
      / Código de referencia: ab12cd34ef56\.$/,
    );
    // A refusal is the caller's to fix: no reference to quote.
    expect(messageForError(new ApiError(404, 'NOT_FOUND', { reference: '3f9a0c12be47' }))).not.toContain('referencia');
    expect(messageForError(new ApiError(500, 'INTERNAL_ERROR'))).toBe(GENERIC);
  });
});
