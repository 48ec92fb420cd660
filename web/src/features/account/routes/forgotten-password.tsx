import { Alert, Button, Flex, Link, Text } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { Link as RouterLink } from 'react-router-dom';
import { useForgottenPassword } from '@/features/account/api/use-forgotten-password';
import { GuestFrame } from '@/features/account/components/guest-frame';

const t = es.account;

/** /forgottenPassword: asks for a password link by e-mail (portal §2, 'Password recovery'). */
export function ForgottenPasswordRoute() {
  const { form, error, sending, canSubmit, submit } = useForgottenPassword();
  return (
    <GuestFrame title={t.forgotten.title}>
      <Text textAlign="center" color="font.secondary">
        {t.forgotten.text}
      </Text>
      <Flex as="form" direction="column" gap="medium" onSubmit={submit} noValidate>
        {error ? (
          <Alert variation="error" data-testid="forgotten-error">
            {error}
          </Alert>
        ) : null}
        <form.AppField name="email">
          {(field) => (
            <field.TextField label={t.email} type="email" autoComplete="username" placeholder={t.emailPlaceholder} />
          )}
        </form.AppField>
        <Button
          type="submit"
          variation="primary"
          isFullWidth
          isDisabled={!canSubmit}
          isLoading={sending}
          loadingText={t.forgotten.submitting}
        >
          {t.forgotten.submit}
        </Button>
        <Link as={RouterLink} to="/" textAlign="center">
          {t.backToLogin}
        </Link>
      </Flex>
    </GuestFrame>
  );
}
