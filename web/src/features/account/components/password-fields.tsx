import { PasswordField } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';

const t = es.account;

interface Props {
  password: string;
  confirmation: string;
  errors: { password?: string | undefined; password_confirmation?: string | undefined };
  onChange: (name: 'password' | 'password_confirmation', value: string) => void;
  /** 'Nueva contraseña' on the reset and change forms, 'Contraseña' on registration. */
  passwordLabel?: string;
}

/** Password and its confirmation, validated as they are typed, with the rules as a hint. */
export function PasswordFields({ password, confirmation, errors, onChange, passwordLabel = t.password }: Props) {
  const shared = {
    autoComplete: 'new-password',
    showPasswordButtonLabel: t.showPassword,
    passwordIsHiddenLabel: t.passwordHidden,
    passwordIsShownLabel: t.passwordShown,
  } as const;
  return (
    <>
      <PasswordField
        {...shared}
        label={passwordLabel}
        name="password"
        descriptiveText={es.personFields.passwordHint}
        value={password}
        onChange={(event) => onChange('password', event.target.value)}
        hasError={Boolean(errors.password)}
        errorMessage={errors.password}
      />
      <PasswordField
        {...shared}
        label={t.passwordConfirmation}
        name="password_confirmation"
        value={confirmation}
        onChange={(event) => onChange('password_confirmation', event.target.value)}
        hasError={Boolean(errors.password_confirmation)}
        errorMessage={errors.password_confirmation}
      />
    </>
  );
}
