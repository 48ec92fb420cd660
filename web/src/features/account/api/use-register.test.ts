import { describe, expect, it } from 'vitest';
import { REGISTER_RULES } from './use-register';

const token = 't'.repeat(20);
const values = {
  token,
  first_name: 'Ana',
  last_name: 'Pérez',
  rut_user: '',
  phone_number: '',
  password: 'Portal.Demo1',
  password_confirmation: 'Portal.Demo1',
};

describe('the registration form: the contract body, whose names a new account must give', () => {
  it('passes with names and a password; the optional RUT and phone may stay empty', () => {
    expect(REGISTER_RULES.passes(values)).toBe(true);
  });

  it('requires the names the contract leaves optional, and words the RUT and the confirmation', () => {
    expect(REGISTER_RULES.passes({ ...values, first_name: '' })).toBe(false);
    expect(
      REGISTER_RULES['~standard'].validate({ ...values, rut_user: '12.345.678-4', password_confirmation: 'x' }),
    ).toEqual({
      issues: [
        { message: 'El RUT no es válido', path: ['rut_user'] },
        { message: 'Las contraseñas deben ser iguales', path: ['password_confirmation'] },
      ],
    });
  });
});
