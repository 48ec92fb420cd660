import { type FormMessages, messages } from '@/components/form/contract-rules';

export type PasswordValues = { password: string; password_confirmation: string };

/** How the password and its confirmation read when the contract refuses them. */
export const PASSWORD_MESSAGES: FormMessages<PasswordValues> = {
  password: messages.password,
  password_confirmation: messages.confirmation,
};
