import { useCallback, useRef, useState } from 'react';
import { isFilled } from './validators';

export type FieldValidators<T> = { [K in keyof T]?: (value: T[K], values: T) => string | undefined };
export type FieldErrors<T> = Partial<Record<keyof T, string>>;

function same(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => item === b[i]);
  return a === b;
}

/** True when two form states hold the same values (lists compared item by item, files by identity). */
export function sameValues<T extends object>(a: T, b: T): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    if (!same((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}

/**
 * The state of an admin form: values, inline errors and dirtiness (admin-area §4, §5).
 * - `setField` stores a value, clears that field's message and re-checks the field with its validator, so the message
 *   under a field always speaks of the value in it.
 * - `load` replaces every value (a record loaded for editing) and makes that the clean state; `applyDefaults` fills
 *   only empty fields (defaults that arrive later) and keeps them clean.
 * - `dirty` says whether anything differs from the clean state (for the unsaved-changes guard).
 * - `missing(required)` is true while a required field is empty; buttons stay disabled then and while `hasErrors`.
 */
export function useFormState<T extends object>(initial: T | (() => T), validators: FieldValidators<T> = {}) {
  const [values, setValuesState] = useState<T>(initial);
  const [baseline, setBaseline] = useState<T>(values);
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  /**
   * The latest values, ahead of rendering (issue 14, the society RUT once not saved): two changes in one tick (a fast
   * typist, autofill, a default arriving while typing) each build on the other, and the request is always built from
   * what was typed last rather than from the values of the last render.
   */
  const latest = useRef<T>(values);
  const setValues = useCallback((update: T | ((current: T) => T)) => {
    latest.current = typeof update === 'function' ? (update as (current: T) => T)(latest.current) : update;
    setValuesState(latest.current);
  }, []);

  const setField = <K extends keyof T>(key: K, value: T[K], alsoClear: Partial<T> = {}) => {
    // Built on the latest values: a change never overwrites another that React has not rendered yet.
    setValues((current) => ({ ...current, [key]: value, ...alsoClear }));
    const message = validators[key]?.(value, latest.current);
    setErrors((previous) => {
      const updated = { ...previous };
      delete updated[key];
      for (const cleared of Object.keys(alsoClear) as Array<keyof T>) delete updated[cleared];
      if (message) updated[key] = message;
      return updated;
    });
  };

  /**
   * Fills fields that are still empty with defaults known only later (e.g. the first industry once the list loads),
   * without making the form dirty and without touching what the user already typed.
   */
  const applyDefaults = useCallback(
    (defaults: Partial<T>) => {
      const fill = (current: T): T => {
        const next = { ...current };
        for (const [key, value] of Object.entries(defaults) as Array<[keyof T, T[keyof T]]>) {
          if (!isFilled(next[key])) next[key] = value;
        }
        return next;
      };
      setValues(fill);
      setBaseline(fill);
    },
    [setValues],
  );

  const load = useCallback(
    (next: T) => {
      setValues(next);
      setBaseline(next);
      setErrors({});
    },
    [setValues],
  );

  /** The current values become the clean state (after a successful save of a step). */
  const markClean = () => setBaseline(values);

  const missing = (required: ReadonlyArray<keyof T>) => required.some((key) => !isFilled(values[key]));
  const hasErrors = Object.values(errors).some(Boolean);

  return {
    values,
    /** The values as last set, for building a request in the same tick as a change. */
    current: () => latest.current,
    errors,
    setField,
    setErrors,
    load,
    applyDefaults,
    markClean,
    dirty: !sameValues(values, baseline),
    hasErrors,
    missing,
  };
}
