import { expect, test } from 'vitest';
import * as z from 'zod/mini';
import { validate } from './field-errors';

/** Issue 8: field names that are also members of Object.prototype are reported like any other. */
test('errors of fields named constructor and toString are their own codes', () => {
  const schema = z.object({ constructor: z.string().check(z.minLength(1)), toString: z.string() });
  const result = validate(schema, { constructor: '', toString: 5 });
  expect(result.success).toBe(false);
  if (result.success) return;
  expect(result.errors).toEqual({ constructor: ['FIELD_BLANK'], toString: ['FORMAT_ERROR'] });
  expect(Object.getPrototypeOf(result.errors)).toBe(Object.prototype);
});
