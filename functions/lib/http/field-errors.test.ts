import { describe, expect, test } from 'vitest';
import * as z from 'zod/mini';
import { emailSchema, passwordSchema, text } from '../../../shared/contracts/fields';
import { validate } from './field-errors';

/** Field names that are also members of Object.prototype are reported like any other. */
test('errors of fields named constructor and toString are their own codes', () => {
  const schema = z.object({ constructor: z.string().check(z.minLength(1)), toString: z.string() });
  const result = validate(schema, { constructor: '', toString: 5 });
  expect(result.success).toBe(false);
  if (result.success) return;
  expect(result.errors).toEqual({ constructor: ['FIELD_BLANK'], toString: ['FORMAT_ERROR'] });
  expect(Object.getPrototypeOf(result.errors)).toBe(Object.prototype);
});

const schema = z.object({
  email: emailSchema,
  name: text(10),
  password: passwordSchema,
  currency: z.enum(['CLP', 'USD', 'EUR']),
  nested: z.optional(z.object({ rut: z.string().check(z.regex(/^\d+-[\dK]$/, { error: 'FORMAT_ERROR' })) })),
});

const errorsOf = (input: unknown) => {
  const result = validate(schema, input);
  if (result.success) throw new Error('expected a failure');
  return result.errors;
};

describe('zod issues become the spec field codes', () => {
  test('missing fields are REQUIRED', () => {
    expect(errorsOf({})).toEqual({
      email: ['REQUIRED'],
      name: ['REQUIRED'],
      password: ['REQUIRED'],
      currency: ['REQUIRED'],
    });
  });

  test('blank, too long, bad format and not-allowed values', () => {
    const errors = errorsOf({
      email: `${'a'.repeat(96)}@x.cl`,
      name: '   ',
      password: 'short',
      currency: 'ARS',
      nested: { rut: 'abc' },
    });
    expect(errors.email).toEqual(['ERROR_LENGTH']);
    expect(errors.name).toEqual(['FIELD_BLANK']);
    expect(errors.password).toEqual(['ERROR_LENGTH', 'FORMAT_ERROR']);
    expect(errors.currency).toEqual(['FORMAT_NOT_ALLOWED']);
    expect(errors['nested.rut']).toEqual(['FORMAT_ERROR']);
  });

  test('a wrong type is a FORMAT_ERROR; e-mail is trimmed and lower-cased', () => {
    expect(errorsOf({ email: 3, name: 'a', password: 'Abcdef1!', currency: 'CLP' })).toEqual({
      email: ['FORMAT_ERROR'],
    });
    expect(emailSchema.parse('  Ana@Demo.CL ')).toBe('ana@demo.cl');
  });
});
