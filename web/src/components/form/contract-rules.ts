import { es, fieldLabel } from '@shared/i18n/es';
import type { StandardSchemaV1 } from '@tanstack/react-form';
import type { z } from 'zod/mini';

/**
 * A form validated by the contract's own zod/mini schema, worded as the screens word it (admin-area §5, portal §5).
 * The contract speaks in wire codes; each field says how a blank, a length or a format failure reads under it. A
 * failure without words (a required field still empty) shows nothing, and only keeps the submit disabled.
 */
export type IssueKind = 'blank' | 'length' | 'format';
type Words = string | ((issue: z.core.$ZodIssue) => string);
export type FieldMessages = Partial<Record<IssueKind, Words>>;
export type FormMessages<T> = Partial<Record<keyof T & string, FieldMessages>>;
/**
 * A contract's body schema (exported by its module: in the SPA a contract object is its route only), or what a form
 * adds to it.
 */
export type Schemas = ReadonlyArray<z.ZodMiniType>;

const v = es.validation;
const person = es.personFields;

/** The words of the usual fields. */
export const messages = {
  rut: { length: v.rut, format: v.rut },
  url: { length: v.url, format: v.url },
  email: { length: v.emailLength, format: v.emailFormat },
  requiredEmail: { blank: v.emailRequired, length: v.emailLength, format: v.emailFormat },
  phone: { length: v.phone, format: v.phone },
  color: { format: v.color },
  /** Text with a bound: 'Máximo 100 caracteres.' (the bound is the contract's). */
  text: { length: (issue) => v.tooLong(Number((issue as { maximum?: unknown }).maximum)) },
  name: (field: 'first_name' | 'last_name') => ({
    blank: es.errors.field.required(fieldLabel(field)),
    length: person.nameLength,
    format: person.nameFormat,
  }),
  password: { blank: person.passwordRequired, length: person.passwordRules, format: person.passwordRules },
  confirmation: { format: person.passwordsDiffer },
} satisfies Record<string, FieldMessages | ((field: 'first_name' | 'last_name') => FieldMessages)>;

/** The kind of a zod issue, as the API's field codes tell them apart (REQUIRED/FIELD_BLANK, ERROR_LENGTH, FORMAT_ERROR). */
export function issueKind(issue: z.core.$ZodIssue): IssueKind {
  if (issue.message === 'ERROR_LENGTH') return 'length';
  if (issue.message.startsWith('FORMAT')) return 'format';
  const input = (issue as { input?: unknown }).input;
  if (input === undefined || input === null)
    return issue.code === 'invalid_type' || issue.code === 'invalid_value' ? 'blank' : 'format';
  if (issue.code === 'too_small')
    return input === '' || (issue.origin === 'string' && Number(issue.minimum) === 1) ? 'blank' : 'length';
  if (issue.code === 'too_big') return 'length';
  return 'format';
}

/** The first worded message of each field, after parsing `values` with every schema (a contract and what a form adds). */
export function fieldMessages<T extends object>(
  schemas: Schemas,
  words: FormMessages<T>,
  values: object,
): Partial<Record<keyof T & string, string>> {
  const out: Partial<Record<string, string>> = {};
  for (const schema of schemas) {
    const result = schema.safeParse(values, { reportInput: true });
    if (result.success) continue;
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (out[field] !== undefined) continue;
      const said = words[field as keyof T & string]?.[issueKind(issue)];
      if (said !== undefined) out[field] = typeof said === 'function' ? said(issue) : said;
    }
  }
  return out as Partial<Record<keyof T & string, string>>;
}

/** A form's rules: the validator TanStack Form takes (Standard Schema), and whether values, or some fields, pass. */
export interface ContractRules<T> extends StandardSchemaV1<T> {
  /** True when nothing fails (no message, no required field empty); with `fields`, when none of those fails. */
  passes(values: T, fields?: ReadonlyArray<keyof T>): boolean;
}

/**
 * The rules of a form whose body the contract's schemas check. `body` builds from the form's values what the form
 * sends (trimmed, optional fields left out when empty), so the schema sees exactly that; its fields keep their names.
 * Issues without words are left out of the validator, so a field never shows a message the screens do not have.
 */
export function contractRules<T extends object>(
  schemas: Schemas,
  words: FormMessages<T>,
  body: (values: T) => object = (values) => values,
): ContractRules<T> {
  const failing = (values: T) =>
    schemas.flatMap((schema) => schema.safeParse(body(values)).error?.issues.map((issue) => issue.path[0]) ?? []);
  return {
    passes: (values, fields) => {
      const failed = failing(values);
      return fields ? !failed.some((field) => fields.includes(field as keyof T)) : failed.length === 0;
    },
    '~standard': {
      version: 1,
      vendor: 'portal',
      validate: (value) => {
        const found = fieldMessages(schemas, words, body(value as T));
        const issues = Object.entries(found).map(([field, message]) => ({ message: message as string, path: [field] }));
        return issues.length > 0 ? { issues } : { value: value as T };
      },
    },
  };
}
