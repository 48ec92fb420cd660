// Only the sign-in texts: /login's first load stays free of the other screens' texts.
import * as es from '@shared/i18n/es/auth';
import { Link as RouterLink } from 'react-router-dom';
import { Alert } from '@/components/ui/light/alert';
import { Button } from '@/components/ui/light/button';
import { Checkbox } from '@/components/ui/light/checkbox';
import { InputField } from '@/components/ui/light/input-field';
import { Stack } from '@/components/ui/light/stack';
import { useLogin } from '@/features/auth/api/use-login';

/**
 * E-mail and password, 'Ingresar', the forgotten-password link; refusals in an alert. The branded login adds
 * 'Recordarme' (checked: the auth cookies last a year; unchecked: they end with the browser session). Built from
 * components/ui/light/ (Amplify's look without its JavaScript, for the first load of /login). The one form kept off
 * the form library, for the same reason (docs/decisions/weight-budgets.md).
 */
export function LoginForm({ branded }: { branded: boolean }) {
  const { fields, fieldErrors, error, submitting, change, submit } = useLogin(!branded);
  return (
    <Stack as="form" onSubmit={submit} noValidate>
      {error ? (
        <Alert variation="error" testId="login-error">
          {error}
        </Alert>
      ) : null}
      <InputField
        label={es.login.email}
        name="email"
        type="email"
        autoComplete="username"
        placeholder={es.login.emailPlaceholder}
        value={fields.email}
        onChange={(value) => change('email', value)}
        error={fieldErrors.email}
      />
      <InputField
        label={es.login.password}
        name="password"
        type="password"
        autoComplete="current-password"
        value={fields.password}
        onChange={(value) => change('password', value)}
        error={fieldErrors.password}
        showPassword={{
          button: es.login.showPassword,
          hidden: es.login.passwordHidden,
          shown: es.login.passwordShown,
        }}
      />
      {branded ? (
        <Checkbox
          label={es.login.remember}
          name="remember"
          checked={fields.remember}
          onChange={(checked) => change('remember', checked)}
        />
      ) : null}
      <Button type="submit" primary fullWidth loading={submitting} loadingText={es.login.submitting}>
        {es.login.submit}
      </Button>
      <RouterLink to="/forgottenPassword" className="amplify-link" style={{ textAlign: 'center' }}>
        {es.login.forgotten}
      </RouterLink>
    </Stack>
  );
}
