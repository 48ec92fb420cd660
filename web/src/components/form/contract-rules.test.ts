import { projectPatchSchema } from '@shared/contracts/projects';
import { passwordResetSchema } from '@shared/contracts/registration';
import { societyPatchSchema } from '@shared/contracts/societies';
import { passwordUpdateSchema, userPatchSchema } from '@shared/contracts/users';
import { es } from '@shared/i18n/es';
import { describe, expect, it } from 'vitest';
import { contractRules, fieldMessages, messages } from './contract-rules';

const passes = (schema: Parameters<typeof fieldMessages>[0][number], values: object) =>
  contractRules([schema], {}).passes(values);

const v = es.validation;
const m = es.personFields;

/** The message one field of a contract shows for a value, with the words a form gives it. */
const shown = (schema: Parameters<typeof fieldMessages>[0][number], field: string, words: object, value: unknown) =>
  fieldMessages([schema], { [field]: words }, { [field]: value })[field];

describe('contract rules worded as the screens word them (admin-area §5, portal §5)', () => {
  it('checks RUTs by the contract: format, length and modulo-11 check digit, as people write them', () => {
    const rut = (value: string) => shown(userPatchSchema, 'rut_user', messages.rut, value);
    // Fixtures worked by hand, and SII's own published RUT 60.803.000-K.
    for (const valid of ['76543210-3', '11111111-1', '10000013-K', '60803000-K', '60803000-k', '12.345.678-5']) {
      expect(rut(valid), valid).toBeUndefined();
    }
    for (const written of ['77.308.533-1', '12 345 678-5', '60.803.000-k', '123456785']) {
      expect(rut(written), written).toBeUndefined();
    }
    for (const wrong of ['76543210-4', '11111111-2', '10000013-0', '60803000-1', '123456789-0', 'abc']) {
      expect(rut(wrong), wrong).toBe(v.rut);
    }
    // An optional RUT may stay empty.
    expect(rut('')).toBeUndefined();
  });

  it('accepts http and https URLs only', () => {
    const url = (value: string) => shown(projectPatchSchema, 'url_own_site', messages.url, value);
    expect(url('https://portal.example.cl')).toBeUndefined();
    expect(url('http://localhost:5173')).toBeUndefined();
    for (const bad of [
      'portal.example.cl',
      'ftp://example.cl',
      'https://exa mple.cl',
      `https://${'a'.repeat(200)}.cl`,
    ]) {
      expect(url(bad), bad).toBe(v.url);
    }
  });

  it('words e-mail problems as the spec does', () => {
    const email = (value: string) => shown(userPatchSchema, 'email', messages.requiredEmail, value);
    expect(email('ana@empresa.cl')).toBeUndefined();
    expect(email('')).toBe('El email es obligatorio.');
    expect(email('ana@')).toMatch(/^El email debe tener el siguiente formato /);
    expect(email(`${'a'.repeat(96)}@x.cl`)).toBe('El email es muy largo (maximo 100 caracteres).');
    // Where the e-mail is optional, an empty one says nothing.
    expect(shown(societyPatchSchema, 'society_contact_email', messages.email, '')).toBeUndefined();
  });

  it('takes phones as people write them, an optional plus and digits, 15 at most', () => {
    const phone = (value: string) => shown(userPatchSchema, 'phone_number', messages.phone, value);
    for (const good of ['+56912345678', '912345678', '+56 9 1234 5678', '+56 (2) 2345-6789', '']) {
      expect(phone(good), good).toBeUndefined();
    }
    for (const bad of ['+56 9 1234', '+1234567890123456', '12+34']) expect(phone(bad), bad).toBe(v.phone);
  });

  it('bounds text by the contract and says the bound; an empty required text says nothing, yet does not pass', () => {
    const name = (value: string) => shown(projectPatchSchema, 'project_name', messages.text, value);
    expect(name('a'.repeat(100))).toBeUndefined();
    expect(name(` ${'a'.repeat(100)} `)).toBeUndefined();
    expect(name('a'.repeat(101))).toBe('Máximo 100 caracteres.');
    expect(shown(projectPatchSchema, 'meta_content', messages.text, 'a'.repeat(301))).toBe('Máximo 300 caracteres.');
    expect(name('')).toBeUndefined();
    expect(passes(projectPatchSchema, { project_name: '' })).toBe(false);
    expect(passes(projectPatchSchema, { project_name: 'Proyecto' })).toBe(true);
  });

  it('checks colours by the contract', () => {
    const color = (value: string) => shown(projectPatchSchema, 'primary_color', messages.color, value);
    expect(color('#aabbcc')).toBeUndefined();
    expect(color('#abc')).toBeUndefined();
    expect(color('aabbcc')).toBe('El color debe tener el formato #rrggbb.');
  });

  it('checks names: required, 3 to 100 letters (accents too) and single spaces', () => {
    const first = (value: string) => shown(userPatchSchema, 'first_name', messages.name('first_name'), value);
    const last = (value: string) => shown(userPatchSchema, 'last_name', messages.name('last_name'), value);
    expect(first('')).toBe('¡Oops! Este campo es obligatorio: completa nombre');
    expect(last('  ')).toBe('¡Oops! Este campo es obligatorio: completa apellidos');
    expect(first('Al')).toBe(m.nameLength);
    expect(first('a'.repeat(101))).toBe(m.nameLength);
    expect(first('a'.repeat(100))).toBeUndefined();
    expect(first('José María')).toBeUndefined();
    expect(last(' Núñez Ñandú ')).toBeUndefined();
    expect(first('José  María')).toBe(m.nameFormat);
    expect(first('R2D2')).toBe(m.nameFormat);
    expect(last("O'Neil")).toBe(m.nameFormat);
  });

  it('checks passwords and their confirmation by the contract', () => {
    const words = { password: messages.password, password_confirmation: messages.confirmation };
    const check = (password: string, password_confirmation = password) =>
      fieldMessages([passwordResetSchema], words, { token: 't'.repeat(20), password, password_confirmation });
    expect(check('')).toEqual({ password: m.passwordRequired });
    for (const good of ['Portal.Demo1', 'Po.De1xy', `Aa1.${'x'.repeat(96)}`]) expect(check(good), good).toEqual({});
    for (const bad of [
      'Po.De1x',
      'portal.demo1',
      'PORTAL.DEMO1',
      'Portal.Demo',
      'PortalDemo12',
      `Aa1.${'x'.repeat(97)}`,
    ]) {
      expect(check(bad), bad).toEqual({ password: m.passwordRules });
    }
    expect(check('Portal.Demo1', 'Portal.Demo2')).toEqual({
      password_confirmation: 'Las contraseñas deben ser iguales',
    });
    expect(check('Portal.Demo1', '')).toEqual({ password_confirmation: 'Las contraseñas deben ser iguales' });
    // Both at once: a weak password and a confirmation that differs.
    expect(check('x', 'y')).toEqual({ password: m.passwordRules, password_confirmation: m.passwordsDiffer });
  });

  it('checks the body a form sends, and tells whether the fields of a step pass', () => {
    type Values = { project_name: string; url_own_site: string };
    const rules = contractRules<Values>([projectPatchSchema], { url_own_site: messages.url }, (values) => ({
      project_name: values.project_name.trim(),
      ...(values.url_own_site.trim() && { url_own_site: values.url_own_site.trim() }),
    }));
    // An empty optional URL is left out of the body: nothing to say.
    expect(rules['~standard'].validate({ project_name: 'P', url_own_site: ' ' })).toEqual({
      value: { project_name: 'P', url_own_site: ' ' },
    });
    const badUrl = { project_name: '', url_own_site: 'nope' };
    expect(rules['~standard'].validate(badUrl)).toEqual({ issues: [{ message: v.url, path: ['url_own_site'] }] });
    expect(rules.passes(badUrl)).toBe(false);
    expect(rules.passes(badUrl, ['project_name'])).toBe(false);
    expect(rules.passes({ project_name: 'P', url_own_site: 'nope' }, ['project_name'])).toBe(true);
    expect(rules.passes({ project_name: 'P', url_own_site: 'nope' }, ['url_own_site'])).toBe(false);
  });

  it('is a Standard Schema whose issues name their field, and a form that passes has none', () => {
    const rules = contractRules([passwordUpdateSchema], {
      password: messages.password,
      password_confirmation: messages.confirmation,
    });
    const failed = rules['~standard'].validate({ current_password: '', password: 'x', password_confirmation: 'y' });
    expect(failed).toEqual({
      issues: [
        { message: m.passwordRules, path: ['password'] },
        { message: m.passwordsDiffer, path: ['password_confirmation'] },
      ],
    });
    const values = {
      current_password: 'Vieja.Clave1',
      password: 'Portal.Demo1',
      password_confirmation: 'Portal.Demo1',
    };
    expect(rules['~standard'].validate(values)).toEqual({ value: values });
    // The current password has no words: empty, it only keeps the form from passing.
    expect(passes(passwordUpdateSchema, { ...values, current_password: '' })).toBe(false);
    expect(passes(passwordUpdateSchema, values)).toBe(true);
  });
});
