// Only the sign-in texts: /login's first load stays free of the other screens' texts.
import * as es from '@shared/i18n/es/auth';
import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert } from '@/components/ui/light/alert';
import { Button } from '@/components/ui/light/button';
import { Checkbox } from '@/components/ui/light/checkbox';
import { InputField } from '@/components/ui/light/input-field';
import { Loader } from '@/components/ui/light/loader';
import { Stack } from '@/components/ui/light/stack';
import { useLogin } from '@/features/auth/api/use-login';
import { PasskeySignIn } from './passkey-sign-in';

const SecondFactorStep = lazy(() =>
  import('./second-factor-step').then((module) => ({ default: module.SecondFactorStep })),
);

/**
 * E-mail and password, 'Ingresar', the forgotten-password link; refusals in an alert. The branded login adds
 * 'Recordarme' (checked: the auth cookies last a year; unchecked: they end with the browser session). Built from
 * components/ui/light/ (Amplify's look without its JavaScript, for the first load of /login). The one form kept off
 * the form library, for the same reason (docs/decisions/weight-budgets.md).
 */
export function LoginForm({ branded }: { branded: boolean }) {
  const { fields, fieldErrors, error, submitting, change, submit, challenge, restart } = useLogin(!branded);
  // After the password, the second factor when it is due (its own chunk: most sign-ins never load it).
  if (challenge) {
    return (
      <Suspense fallback={<Loader />}>
        <SecondFactorStep pending={challenge} onRestart={restart} />
      </Suspense>
    );
  }
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
      <PasskeySignIn remember={fields.remember} />
    </Stack>
  );
}
