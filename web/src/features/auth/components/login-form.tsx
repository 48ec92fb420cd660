import { Alert, Button, CheckboxField, Flex, Link, PasswordField, TextField } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { Link as RouterLink } from 'react-router-dom';
import { useLogin } from '@/features/auth/api/use-login';

/**
 * E-mail and password, 'Ingresar', the forgotten-password link; refusals in an alert. The branded login adds
 * 'Recordarme' (checked: the auth cookies last a year; unchecked: they end with the browser session).
 */
export function LoginForm({ branded }: { branded: boolean }) {
  const { fields, fieldErrors, error, submitting, change, submit } = useLogin(!branded);
  return (
    <Flex as="form" direction="column" gap="medium" onSubmit={submit} noValidate>
      {error ? (
        <Alert variation="error" data-testid="login-error">
          {error}
        </Alert>
      ) : null}
      <TextField
        label={es.login.email}
        name="email"
        type="email"
        autoComplete="username"
        placeholder={es.login.emailPlaceholder}
        value={fields.email}
        onChange={(event) => change('email', event.target.value)}
        hasError={Boolean(fieldErrors.email)}
        errorMessage={fieldErrors.email}
      />
      <PasswordField
        label={es.login.password}
        name="password"
        autoComplete="current-password"
        value={fields.password}
        onChange={(event) => change('password', event.target.value)}
        hasError={Boolean(fieldErrors.password)}
        errorMessage={fieldErrors.password}
        showPasswordButtonLabel={es.login.showPassword}
        passwordIsHiddenLabel={es.login.passwordHidden}
        passwordIsShownLabel={es.login.passwordShown}
      />
      {branded ? (
        <CheckboxField
          label={es.login.remember}
          name="remember"
          value="yes"
          checked={fields.remember}
          onChange={(event) => change('remember', event.target.checked)}
        />
      ) : null}
      <Button type="submit" variation="primary" isFullWidth isLoading={submitting} loadingText={es.login.submitting}>
        {es.login.submit}
      </Button>
      <Link as={RouterLink} to="/forgottenPassword" textAlign="center">
        {es.login.forgotten}
      </Link>
    </Flex>
  );
}
