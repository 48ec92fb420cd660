// Only the sign-in texts: /login's first load stays free of the other screens' texts.
import * as es from '@shared/i18n/es/auth';
import type { FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert } from '@/components/ui/light/alert';
import { Button } from '@/components/ui/light/button';
import { Stack } from '@/components/ui/light/stack';
import { useLogin } from '@/features/auth/api/use-login';

/**
 * E-mail and password, 'Ingresar', the forgotten-password link; refusals in an alert. The branded login adds
 * 'Recordarme' (checked: the auth cookies last a year; unchecked: they end with the browser session). Built from
 * components/ui/light/ (Amplify's look without its JavaScript, for the first load of /login).
 */
export function LoginForm({ branded }: { branded: boolean }) {
  const { form, error, submitting } = useLogin(!branded);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!submitting) void form.handleSubmit();
  };
  return (
    <Stack as="form" onSubmit={submit} noValidate>
      {error ? (
        <Alert variation="error" testId="login-error">
          {error}
        </Alert>
      ) : null}
      <form.AppField name="email">
        {(field) => (
          <field.InputField
            label={es.login.email}
            type="email"
            autoComplete="username"
            placeholder={es.login.emailPlaceholder}
          />
        )}
      </form.AppField>
      <form.AppField name="password">
        {(field) => (
          <field.InputField
            label={es.login.password}
            type="password"
            autoComplete="current-password"
            showPassword={{
              button: es.login.showPassword,
              hidden: es.login.passwordHidden,
              shown: es.login.passwordShown,
            }}
          />
        )}
      </form.AppField>
      {branded ? (
        <form.AppField name="remember">{(field) => <field.Checkbox label={es.login.remember} />}</form.AppField>
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
