import { Alert, Button, Card, Flex, Heading, Link, PasswordField, View } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { Link as RouterLink } from 'react-router-dom';
import { useChangePassword } from '@/features/account/api/use-change-password';
import { PasswordFields } from '@/features/account/components/password-fields';

const t = es.account;

/** /changePassword: the signed-in user's password change (portal §2). */
export function ChangePasswordRoute() {
  const { values, errors, canSubmit, error, submitting, change, submit } = useChangePassword();
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
          <PasswordField
            label={t.currentPassword}
            name="current_password"
            autoComplete="current-password"
            showPasswordButtonLabel={t.showPassword}
            passwordIsHiddenLabel={t.passwordHidden}
            passwordIsShownLabel={t.passwordShown}
            value={values.current_password}
            onChange={(event) => change('current_password', event.target.value)}
            hasError={Boolean(errors.current_password)}
            errorMessage={errors.current_password}
          />
          <PasswordFields
            password={values.password}
            confirmation={values.password_confirmation}
            errors={errors}
            onChange={change}
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
