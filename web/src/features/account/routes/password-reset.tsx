import { Alert, Button, Flex, Text } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { useParams } from 'react-router-dom';
import { PageLoader } from '@/components/ui/page-loader';
import { usePasswordReset } from '@/features/account/api/use-password-reset';
import { GuestFrame } from '@/features/account/components/guest-frame';
import { PasswordFields } from '@/features/account/components/password-fields';

const t = es.account;

/** /password_reset/{token}: confirm the link (spinner), then the new password (portal §2, 'Password recovery'). */
export function PasswordResetRoute() {
  const { token = '' } = useParams();
  const { link, form, canSubmit, error, submitting, submit } = usePasswordReset(token);

  if (link.state === 'checking') {
    return (
      <GuestFrame title={t.reset.title}>
        <Text textAlign="center">{t.reset.checking}</Text>
        <PageLoader />
      </GuestFrame>
    );
  }
  if (link.state === 'failed') {
    return (
      <GuestFrame title={t.reset.title}>
        <Alert variation="error">{es.errors.generic}</Alert>
        <Button onClick={link.retry}>{es.app.retry}</Button>
      </GuestFrame>
    );
  }
  return (
    <GuestFrame title={t.reset.title}>
      <Text textAlign="center" color="font.secondary">
        {t.reset.text}
      </Text>
      <Flex as="form" direction="column" gap="medium" onSubmit={submit} noValidate>
        {error ? (
          <Alert variation="error" data-testid="reset-error">
            {error}
          </Alert>
        ) : null}
        <PasswordFields
          form={form}
          fields={{ password: 'password', password_confirmation: 'password_confirmation' }}
          passwordLabel={t.newPassword}
        />
        <Button
          type="submit"
          variation="primary"
          isFullWidth
          isDisabled={!canSubmit}
          isLoading={submitting}
          loadingText={t.reset.submitting}
        >
          {t.reset.submit}
        </Button>
      </Flex>
    </GuestFrame>
  );
}
