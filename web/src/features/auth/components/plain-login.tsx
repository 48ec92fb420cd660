// Only the sign-in texts: /login's first load stays free of the other screens' texts.
import * as es from '@shared/i18n/es/auth';
import type { ReactNode } from 'react';
import { Heading } from '@/components/ui/light/heading';
import { Stack } from '@/components/ui/light/stack';
import { LoginForm } from './login-form';

/** The login when no project brands this origin: 'Bienvenido' and the form. */
export function PlainLogin({ notice }: { notice: ReactNode }) {
  return (
    <main
      className="amplify-flex"
      style={{
        justifyContent: 'center',
        alignItems: 'center',
        minHeight: '100vh',
        padding: 'var(--amplify-space-medium)',
      }}
    >
      <div
        className="amplify-card amplify-card--elevated"
        style={{ width: '100%', maxWidth: '26rem', padding: 'var(--amplify-space-xl)' }}
      >
        <Stack gap="large">
          <Heading level={1} style={{ textAlign: 'center' }}>
            {es.login.title}
          </Heading>
          {notice}
          <LoginForm branded={false} />
        </Stack>
      </div>
    </main>
  );
}
