import { Card, Flex, Heading } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import type { ReactNode } from 'react';
import { LoginForm } from './login-form';

/** The login when no project brands this origin: 'Bienvenido' and the form. */
export function PlainLogin({ notice }: { notice: ReactNode }) {
  return (
    <Flex as="main" justifyContent="center" alignItems="center" minHeight="100vh" padding="medium">
      <Card variation="elevated" width="100%" maxWidth="26rem" padding="xl">
        <Flex direction="column" gap="large">
          <Heading level={1} textAlign="center">
            {es.login.title}
          </Heading>
          {notice}
          <LoginForm branded={false} />
        </Flex>
      </Card>
    </Flex>
  );
}
