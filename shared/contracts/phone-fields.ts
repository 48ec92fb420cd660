import * as z from 'zod/mini';
import { canonicalPhone, compactPhone, PHONE_INPUT_MAX } from '../phone';
import { preprocess } from './fields';

/*
 * Phone fields apart from fields.ts: libphonenumber-js's metadata (about 118 KB minified) then reaches only the
 * functions whose contracts take a phone, not every function that shares a field (function weight).
 */

/**
 * A phone as people write it ('+56 9 1234 5678'), stored as shared/phone.ts says: an optional leading plus,
 * then up to 15 digits (E.164 when recognised). Built in a pure IIFE, as are the schemas that use it: a function whose
 * contracts never read them leaves them, and libphonenumber-js, out of its bundle.
 */
export const phoneSchema = /* @__PURE__ */ (() =>
  z.pipe(
    z.pipe(z.string().check(z.trim(), z.minLength(1), z.maxLength(PHONE_INPUT_MAX)), z.transform(compactPhone)),
    z.pipe(
      z.string().check(
        z.maxLength(15, { abort: true }),
        z.regex(/^\+?\d+$/, { error: 'FORMAT_ERROR', abort: true }),
        z.refine((value) => canonicalPhone(value) !== null, { error: 'FORMAT_ERROR' }),
      ),
      z.transform((value) => canonicalPhone(value) as string),
    ),
  ))();

/** An optional phone: '' and null clear it. */
export const optionalPhoneSchema = /* @__PURE__ */ (() =>
  preprocess((v) => (v === '' ? null : v), z.optional(z.nullable(phoneSchema))))();
