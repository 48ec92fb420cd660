import { es } from '@shared/i18n/es';
import { withFieldGroup } from '@/components/form/app-form';

const t = es.account;

const shared = {
  autoComplete: 'new-password',
  showPasswordButtonLabel: t.showPassword,
  passwordIsHiddenLabel: t.passwordHidden,
  passwordIsShownLabel: t.passwordShown,
} as const;

/**
 * Password and its confirmation of a form, validated as they are typed (by the form's contract), with the rules as a
 * hint. `passwordLabel`: 'Nueva contraseña' on the reset and change forms, 'Contraseña' on registration.
 */
export const PasswordFields = withFieldGroup({
  defaultValues: { password: '', password_confirmation: '' },
  props: { passwordLabel: t.password as string },
  render: function Render({ group, passwordLabel }) {
    return (
      <>
        <group.AppField name="password">
          {(field) => (
            <field.PasswordField {...shared} label={passwordLabel} descriptiveText={es.personFields.passwordHint} />
          )}
        </group.AppField>
        <group.AppField name="password_confirmation">
          {(field) => <field.PasswordField {...shared} label={t.passwordConfirmation} />}
        </group.AppField>
      </>
    );
  },
});
