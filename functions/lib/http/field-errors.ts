import type { z } from 'zod/mini';
import { FIELD_ERROR_CODES } from '../../../shared/errors';

const KNOWN = new Set<string>(FIELD_ERROR_CODES);

/** Parses a value; on failure answers the field codes instead of throwing. Inputs are reported so REQUIRED is known. */
export function validate<T extends z.ZodMiniType>(
  schema: T,
  value: unknown,
): { success: true; data: z.output<T> } | { success: false; errors: Record<string, string[]> } {
  const result = schema.safeParse(value, { reportInput: true });
  return result.success
    ? { success: true, data: result.data }
    : { success: false, errors: toFieldErrors(result.error) };
}

/**
 * Turns zod issues into the spec's field codes: {field: [CODE, ...]}. A schema may name its code in the message
 * ({ error: 'FORMAT_ERROR' }); otherwise the kind of issue decides.
 */
export function toFieldErrors(error: z.core.$ZodError): Record<string, string[]> {
  // A Map, not a plain object: a field path such as `constructor` must not read an inherited member.
  const out = new Map<string, string[]>();
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : 'non_field_errors';
    const code = codeOf(issue);
    const list = out.get(field) ?? [];
    if (!list.includes(code)) list.push(code);
    out.set(field, list);
  }
  return Object.fromEntries(out);
}

function codeOf(issue: z.core.$ZodIssue): string {
  if (KNOWN.has(issue.message)) return issue.message;
  const missing = issue.input === undefined || issue.input === null;
  switch (issue.code) {
    case 'invalid_type':
      return missing ? 'REQUIRED' : 'FORMAT_ERROR';
    case 'too_small':
      return issue.origin === 'string' && Number(issue.minimum) === 1 ? 'FIELD_BLANK' : 'ERROR_LENGTH';
    case 'too_big':
      return 'ERROR_LENGTH';
    case 'invalid_value':
      return missing ? 'REQUIRED' : 'FORMAT_NOT_ALLOWED';
    case 'unrecognized_keys':
      return 'FORMAT_NOT_ALLOWED';
    default:
      return 'FORMAT_ERROR';
  }
}
