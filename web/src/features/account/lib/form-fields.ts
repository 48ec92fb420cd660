import { useCallback, useMemo, useState } from 'react';

/**
 * Text forms validated as they change (portal §5: "each field is validated while typed, and submit stays disabled
 * until both fields are filled and no errors remain"). A field that depends on another (the password confirmation)
 * is checked again when that one changes, once the user has typed in it.
 */
export type FieldValues = Record<string, string>;
export type FieldCheck<V extends FieldValues> = (value: string, values: V) => string | undefined;
export type FieldChecks<V extends FieldValues> = Partial<{ [K in keyof V]: FieldCheck<V> }>;
export type FieldErrors<V extends FieldValues> = Partial<Record<keyof V, string>>;
export type Dependents<V extends FieldValues> = Partial<Record<keyof V, ReadonlyArray<keyof V>>>;

/** Every message of a set of values (before sending). */
export function checkAll<V extends FieldValues>(values: V, checks: FieldChecks<V>): FieldErrors<V> {
  const errors: FieldErrors<V> = {};
  for (const name of Object.keys(checks) as Array<keyof V>) {
    const message = checks[name]?.(values[name] as string, values);
    if (message) errors[name] = message;
  }
  return errors;
}

/** The errors after one field changed: that field is checked again, and so are its touched dependents. */
export function errorsAfterChange<V extends FieldValues>(
  values: V,
  errors: FieldErrors<V>,
  changed: keyof V,
  checks: FieldChecks<V>,
  touched: ReadonlySet<keyof V>,
  dependents: Dependents<V> = {},
): FieldErrors<V> {
  const next = { ...errors };
  for (const name of [changed, ...(dependents[changed] ?? [])]) {
    if (name !== changed && !touched.has(name)) continue;
    const message = checks[name]?.(values[name] as string, values);
    if (message) next[name] = message;
    else delete next[name];
  }
  return next;
}

/** Names of required fields that are still empty. */
export function emptyFields<V extends FieldValues>(values: V, required: ReadonlyArray<keyof V>): Array<keyof V> {
  return required.filter((name) => !(values[name] ?? '').trim());
}

/** The hook: values, inline errors, and whether the form may be sent (no error and no required field empty). */
export function useValidatedFields<V extends FieldValues>(
  initial: V,
  checks: FieldChecks<V>,
  options: { required: ReadonlyArray<keyof V>; dependents?: Dependents<V> },
) {
  const [state, setState] = useState<{ values: V; errors: FieldErrors<V>; touched: ReadonlySet<keyof V> }>(() => ({
    values: initial,
    errors: {},
    touched: new Set(),
  }));
  const { required, dependents } = options;

  const change = useCallback(
    (name: keyof V, value: string) => {
      setState((current) => {
        const values = { ...current.values, [name]: value } as V;
        const touched = new Set(current.touched).add(name);
        return {
          values,
          touched,
          errors: errorsAfterChange(values, current.errors, name, checks, touched, dependents),
        };
      });
    },
    [checks, dependents],
  );

  /** Checks every field; returns whether the form is valid. */
  const validate = useCallback(() => {
    const errors = checkAll(state.values, checks);
    setState((current) => ({ ...current, errors }));
    return Object.keys(errors).length === 0;
  }, [state.values, checks]);

  const reset = useCallback((values: V) => setState({ values, errors: {}, touched: new Set() }), []);

  const { values, errors } = state;
  const hasErrors = Object.values(errors).some(Boolean);
  const missing = useMemo(() => emptyFields(values, required), [values, required]);
  return { values, errors, change, validate, reset, hasErrors, canSubmit: !hasErrors && missing.length === 0 };
}
