import { describe, expect, test } from 'vitest';
import { es } from '../../../../../shared/i18n/es';
import { checkConfirmation, checkPassword } from '../../../lib/validation';
import { checkAll, emptyFields, errorsAfterChange } from './form-fields';

const m = es.personFields;
type V = { password: string; password_confirmation: string; phone: string };
const checks = {
  password: (value: string) => checkPassword(value),
  password_confirmation: (value: string, values: V) => checkConfirmation(values.password, value),
  phone: (value: string) => (/^\d*$/.test(value) ? undefined : 'phone'),
};
const dependents = { password: ['password_confirmation'] } as const;

describe('form fields', () => {
  test('a change re-checks the field and its touched dependents only', () => {
    const values: V = { password: 'Portal.Demo1', password_confirmation: '', phone: '' };
    // The confirmation was not typed in yet: no message for it.
    let errors = errorsAfterChange(values, {}, 'password', checks, new Set(['password']), dependents);
    expect(errors).toEqual({});
    const touched = new Set<keyof V>(['password', 'password_confirmation']);
    errors = errorsAfterChange(
      { ...values, password_confirmation: 'Portal.Demo' },
      errors,
      'password_confirmation',
      checks,
      touched,
    );
    expect(errors).toEqual({ password_confirmation: m.passwordsDiffer });
    // A password that now matches clears the confirmation's message, and shows its own.
    errors = errorsAfterChange(
      { ...values, password: 'Portal.Demo', password_confirmation: 'Portal.Demo' },
      errors,
      'password',
      checks,
      touched,
      dependents,
    );
    expect(errors).toEqual({ password: m.passwordRules });
  });

  test('checkAll names every problem; emptyFields the blank required ones', () => {
    expect(checkAll({ password: 'x', password_confirmation: 'y', phone: 'abc' }, checks)).toEqual({
      password: m.passwordRules,
      password_confirmation: m.passwordsDiffer,
      phone: 'phone',
    });
    expect(
      emptyFields({ password: ' ', password_confirmation: 'a', phone: '' }, ['password', 'password_confirmation']),
    ).toEqual(['password']);
  });
});
