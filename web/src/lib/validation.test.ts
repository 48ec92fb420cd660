import { describe, expect, test } from 'vitest';
import { es } from '../../../shared/i18n/es';
import { checkConfirmation, checkName, checkPassword } from './validation';

const m = es.personFields;

describe('name and password checks', () => {
  test('names: required, 3 to 100 letters with accents and single spaces', () => {
    expect(checkName('', 'first_name')).toBe('¡Oops! Este campo es obligatorio: completa nombre');
    expect(checkName('  ', 'last_name')).toBe('¡Oops! Este campo es obligatorio: completa apellidos');
    expect(checkName('Al', 'first_name')).toBe(m.nameLength);
    expect(checkName('a'.repeat(101), 'first_name')).toBe(m.nameLength);
    expect(checkName('a'.repeat(100), 'first_name')).toBeUndefined();
    expect(checkName('José María', 'first_name')).toBeUndefined();
    expect(checkName(' Núñez Ñandú ', 'last_name')).toBeUndefined();
    expect(checkName('José  María', 'first_name')).toBe(m.nameFormat);
    expect(checkName('R2D2', 'first_name')).toBe(m.nameFormat);
    expect(checkName("O'Neil", 'last_name')).toBe(m.nameFormat);
  });

  test('password: 8 to 100 with upper, lower, digit and symbol', () => {
    expect(checkPassword('')).toBe(m.passwordRequired);
    expect(checkPassword('Portal.Demo1')).toBeUndefined();
    expect(checkPassword('Po.De1x')).toBe(m.passwordRules);
    expect(checkPassword('Po.De1xy')).toBeUndefined();
    expect(checkPassword('portal.demo1')).toBe(m.passwordRules);
    expect(checkPassword('PORTAL.DEMO1')).toBe(m.passwordRules);
    expect(checkPassword('Portal.Demo')).toBe(m.passwordRules);
    expect(checkPassword('PortalDemo12')).toBe(m.passwordRules);
    expect(checkPassword(`Aa1.${'x'.repeat(97)}`)).toBe(m.passwordRules);
    expect(checkPassword(`Aa1.${'x'.repeat(96)}`)).toBeUndefined();
  });

  test('confirmation equals the password', () => {
    expect(checkConfirmation('Portal.Demo1', 'Portal.Demo1')).toBeUndefined();
    expect(checkConfirmation('Portal.Demo1', 'Portal.Demo2')).toBe('Las contraseñas deben ser iguales');
    expect(checkConfirmation('Portal.Demo1', '')).toBe('Las contraseñas deben ser iguales');
  });
});
