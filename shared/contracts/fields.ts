import * as z from 'zod/mini';
import { isValidRut, normalizeRut, RUT_INPUT_MAX } from '../rut';

/**
 * Field schemas shared by several contracts. Messages are wire codes (shared/errors.ts); the handler wrapper
 * derives the usual ones (REQUIRED, FIELD_BLANK, ERROR_LENGTH, FORMAT_ERROR) from zod's issue kinds.
 */
export const uuidSchema = z.uuid({ error: 'FORMAT_ERROR' });

export const emailSchema = z
  .string()
  .check(
    z.trim(),
    z.toLowerCase(),
    z.minLength(1),
    z.maxLength(100),
    z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: 'FORMAT_ERROR' }),
  );

/** Spec: 8 to 100 characters with an uppercase, a lowercase, a digit and a symbol. */
export const passwordSchema = z
  .string()
  .check(
    z.minLength(8),
    z.maxLength(100),
    z.regex(/[A-Z]/, { error: 'FORMAT_ERROR' }),
    z.regex(/[a-z]/, { error: 'FORMAT_ERROR' }),
    z.regex(/\d/, { error: 'FORMAT_ERROR' }),
    z.regex(/[^A-Za-z0-9]/, { error: 'FORMAT_ERROR' }),
  );

/** Nonempty text up to a bound. */
export const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));

export const okSchema = z.object({ detail: z.string() });

/**
 * Present when SES reported the address as bouncing for good (BOUNCE) or as marking a mail as spam (COMPLAINT): the
 * portal sends it no more mail. `since`: when SES reported it. Not in the spec.
 */
export const mailSuppressedSchema = z.optional(
  z.object({ reason: z.enum(['BOUNCE', 'COMPLAINT']), since: z.string() }),
);

/** http or https URL, up to 200 characters (spec: 'Debes ingresar una URL válida'). */
export const urlSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1),
    z.maxLength(200),
    z.regex(/^https?:\/\/[^\s/$.?#][^\s]*$/i, { error: 'FORMAT_ERROR' }),
  );

export const colorSchema = z
  .string()
  .check(z.trim(), z.regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, { error: 'FORMAT_ERROR' }));

export const DEFAULT_COLOR = '#aabbcc';

/** RUT in any written form (dots, spaces, lower-case k; shared/rut.ts), stored canonical ('77308533-1'). */
export const rutSchema = z.pipe(
  z
    .string()
    .check(z.trim(), z.minLength(1), z.maxLength(RUT_INPUT_MAX), z.refine(isValidRut, { error: 'FORMAT_ERROR' })),
  z.transform(normalizeRut),
);

export const CURRENCIES = ['CLP', 'USD', 'EUR'] as const;
export const currencySchema = z.enum(CURRENCIES);
/** The spec keeps the tax-panel flag as the strings 'True' / 'False'. */
export const taxModuleSchema = z.enum(['True', 'False']);

/**
 * Classic zod's `preprocess`, which zod/mini leaves out: a pipe from a transform into `schema`, typed as classic types
 * it (optional on input when `schema` is), so a form may leave such a field out.
 */
export const preprocess = <B extends z.core.$ZodType>(fn: (value: unknown) => unknown, schema: B) =>
  z.pipe(z.transform(fn), schema) as unknown as z.ZodMiniPipe<z.ZodMiniTransform<unknown, unknown>, B> & {
    _zod: { optin: B['_zod']['optin'] };
  };

/** Multipart sends booleans as text. */
export const boolish = preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean());

/**
 * A list of uuids: a JSON array, or in multipart a repeated field, a JSON-encoded array or a comma-separated string.
 */
export const uuidList = preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    const value = v.trim();
    if (value === '') return [];
    if (value.startsWith('[')) {
      try {
        return JSON.parse(value);
      } catch {
        return v;
      }
    }
    return value.split(',').map((s) => s.trim());
  },
  z.array(uuidSchema).check(z.maxLength(500)),
);

/** Optional text that may be cleared: '' and null store null. */
export const optionalText = (max: number) =>
  preprocess((v) => (v === '' ? null : v), z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(max)))));

/**
 * limit/offset pagination (architecture.md). Any limit from 1 to 100,000 is accepted (the spec's clients ask 10000 or
 * 100000 to mean "all"); a page answers every row it can within a 5 MB budget of JSON (Lambda answers at most 6 MB):
 * `count` is always exact, and when `results` holds fewer rows than asked while offset + results.length < count, the
 * client asks again from offset + results.length (docs/data-model.md, "Lists").
 */
export const pageQuery = {
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 15),
  offset: z._default(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(1_000_000)), 0),
  search: z.optional(z.string().check(z.trim(), z.maxLength(100))),
};

/**
 * What every picker takes besides the page (any of 50,000 can be found): `search`, typed by the person, is
 * matched on the server; `uuids=a,b` asks for those items only (an edit form's already selected ones, by name).
 */
export const pickerQuery = { ...pageQuery, uuids: z.optional(uuidList) };

/**
 * A people picker's query: `match=prefix` finds people whose first name, then last name, starts with `search` (accent-
 * and case-free), at a cost that does not grow with the people listed; `contains` (the default) finds the text anywhere
 * in the name or e-mail, reading every candidate (docs/decisions/list-paging.md).
 */
export const peoplePickerQuery = { ...pickerQuery, match: z.optional(z.enum(['contains', 'prefix'])) };

/** {count, results} of a list (architecture.md, "Conventions"). */
export const pageOf = <T extends z.ZodMiniType>(item: T) =>
  z.object({ count: z.number().check(z.int()), results: z.array(item) });

/** Sent by an edit form to catch concurrent edits: a stale version answers 409 DATA_CONFLICT. */
export const versionField = z.optional(z.coerce.number().check(z.int(), z.minimum(1)));
