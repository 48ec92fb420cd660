import { z } from 'zod';

/**
 * Field schemas shared by several contracts. Messages are wire codes (shared/errors.ts); the handler wrapper
 * derives the usual ones (REQUIRED, FIELD_BLANK, ERROR_LENGTH, FORMAT_ERROR) from zod's issue kinds.
 */
export const uuidSchema = z.uuid({ error: 'FORMAT_ERROR' });

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(100)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: 'FORMAT_ERROR' });

/** Spec: 8 to 100 characters with an uppercase, a lowercase, a digit and a symbol. */
export const passwordSchema = z
  .string()
  .min(8)
  .max(100)
  .regex(/[A-Z]/, { error: 'FORMAT_ERROR' })
  .regex(/[a-z]/, { error: 'FORMAT_ERROR' })
  .regex(/\d/, { error: 'FORMAT_ERROR' })
  .regex(/[^A-Za-z0-9]/, { error: 'FORMAT_ERROR' });

/** Nonempty text up to a bound. */
export const text = (max: number) => z.string().trim().min(1).max(max);

export const okSchema = z.object({ detail: z.string() });
