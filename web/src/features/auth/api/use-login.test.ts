import { describe, expect, it } from 'vitest';
import { LOGIN_RULES } from './use-login';

const validate = (values: { email: string; password: string; remember: boolean }) =>
  LOGIN_RULES['~standard'].validate(values);

describe('the login form: the contract token body, only its empty fields named', () => {
  it('names both empty fields (an address of spaces is empty) as the spec words them', () => {
    expect(validate({ email: '   ', password: '', remember: false })).toEqual({
      issues: [
        { message: '¡Oops! Este campo es obligatorio: completa correo electrónico', path: ['email'] },
        { message: '¡Oops! Este campo es obligatorio: completa contraseña', path: ['password'] },
      ],
    });
  });

  it('lets a malformed address through to the API, whose refusal the alert words', () => {
    const values = { email: 'visita@empresa', password: 'Incorrecta.1', remember: true };
    expect(validate(values)).toEqual({ value: values });
    expect(LOGIN_RULES.passes(values)).toBe(false);
  });
});
