import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, es, messagesForError } from '../../../../shared/i18n/es';

const GENERIC = es.errors.generic;

describe('hierarchy API errors have Spanish messages (admin-area §8)', () => {
  it.each([
    ['PROJECT_NAME_TAKEN', '¡Vaya! El nombre de proyecto ingresado ya se registró.'],
    ['RUT_TAKEN', '¡Vaya! El rut ingresado ya se registró.'],
    ['ADMIN_ERROR', 'El administrador seleccionado ya se encuentra en otro proyecto'],
    [
      'DATA_CONFLICT',
      'Conflicto en los datos del formulario , revise si los campos se encuentran ingresados correctamente.',
    ],
    ['PROJECT_NOT_EMPTY', 'No es posible eliminar el proyecto porque aún tiene grupos asociados.'],
    ['GROUP_NOT_EMPTY', 'No es posible eliminar el grupo porque aún tiene sociedades asociadas.'],
    ['SOCIETY_HAS_USERS', 'No es posible eliminar la sociedad porque aún tiene usuarios asociados.'],
    ['INDUSTRY_IN_USE', 'No es posible eliminar la industria porque hay sociedades que la usan.'],
    ['ACTION_NOT_ALLOWED', 'Acción no permitida, cambio no realizado'],
    ['NOT_FOUND', 'El registro solicitado no existe o fue eliminado.'],
  ])('%s', (code, message) => {
    expect(messagesForError({ status: 409, code })).toEqual([message]);
  });

  it('words the field codes of a 400 as the spec does, one line each', () => {
    const lines = messagesForError({
      status: 400,
      code: 'VALIDATION_ERROR',
      errors: {
        group_name: ['SAME_DATA'],
        custom_portal_url: ['URL_EXISTS'],
        society_rut: ['FORMAT_ERROR'],
        project_name: ['REQUIRED'],
        client_name: ['FIELD_BLANK'],
        company_code: ['ERROR_LENGTH'],
        project: ['FORMAT_NOT_ALLOWED'],
      },
    });
    expect(lines).toEqual([
      'Ya existe este nombre, por favor cambie',
      'La URL ingresada ya fue registrada',
      'Error en formato de RUT',
      '¡Oops! Este campo es obligatorio: completa nombre de proyecto',
      'Por favor complete nombre de cliente',
      'Error en largo de código de empresa',
      'Error en formato de proyecto',
    ]);
    expect(lines).not.toContain(GENERIC);
  });

  it('keeps the spec texts', () => {
    expect(ERROR_MESSAGES.RUT_TAKEN).toBe('¡Vaya! El rut ingresado ya se registró.');
    expect(ERROR_MESSAGES.PROJECT_NAME_TAKEN).toBe('¡Vaya! El nombre de proyecto ingresado ya se registró.');
    // Issue 14: the confirmation names what it deletes, spelt '¿Estás seguro de que …?'.
    expect(es.societiesAdmin.deleteConfirm('Minera Atacama SpA')).toBe(
      '¿Estás seguro de que deseas eliminar la sociedad «Minera Atacama SpA»?',
    );
    expect(es.adminUi.leaveConfirm).toBe(
      '¿Estás seguro de desear abandonar este formulario? Los datos ingresados no serán guardados.',
    );
  });
});
