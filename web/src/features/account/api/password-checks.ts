import { checkConfirmation, checkPassword } from '@/lib/validation';

export type PasswordValues = { password: string; password_confirmation: string };

/** The password and its confirmation; a new password re-checks a confirmation already typed. */
export const passwordChecks = {
  password: (value: string) => checkPassword(value),
  password_confirmation: (value: string, values: PasswordValues) => checkConfirmation(values.password, value),
};

export const PASSWORD_DEPENDENTS = { password: ['password_confirmation'] } as const;
export const PASSWORD_REQUIRED = ['password', 'password_confirmation'] as const;
