import { Alert, Button, Card, Flex, Heading, Link, View } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { Link as RouterLink } from 'react-router-dom';
import { useChangePassword } from '@/features/account/api/use-change-password';
import { PasswordFields } from '@/features/account/components/password-fields';

const t = es.account;

/** /changePassword: the signed-in user's password change (portal §2). */
export function ChangePasswordRoute() {
  const { form, canSubmit, error, submitting, submit } = useChangePassword();
  return (
    <View as="section" padding="large">
      <Heading level={2} marginBottom="medium">
        {t.changePassword.title}
      </Heading>
      <Card variation="outlined" maxWidth="30rem">
        <Flex as="form" direction="column" gap="medium" onSubmit={submit} noValidate>
          {error ? (
            <Alert variation="error" data-testid="change-password-error">
              {error}
            </Alert>
          ) : null}
          <form.AppField name="current_password">
            {(field) => (
              <field.PasswordField
                label={t.currentPassword}
                autoComplete="current-password"
                showPasswordButtonLabel={t.showPassword}
                passwordIsHiddenLabel={t.passwordHidden}
                passwordIsShownLabel={t.passwordShown}
              />
            )}
          </form.AppField>
          <PasswordFields
            form={form}
            fields={{ password: 'password', password_confirmation: 'password_confirmation' }}
            passwordLabel={t.newPassword}
          />
          <Button
            type="submit"
            variation="primary"
            isDisabled={!canSubmit}
            isLoading={submitting}
            loadingText={t.changePassword.submitting}
          >
            {t.changePassword.submit}
          </Button>
          <Link as={RouterLink} to="/userinfo">
            {t.changePassword.goToProfile}
          </Link>
        </Flex>
      </Card>
    </View>
  );
}
