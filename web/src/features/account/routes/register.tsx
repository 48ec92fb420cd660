import { Alert, Button, Flex, Image, PasswordField, Text } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { useParams } from 'react-router-dom';
import { PageLoader } from '@/components/ui/page-loader';
import {
  type InvitationCheck,
  useInvitationCheck,
  useJoinInvitation,
  useRegister,
} from '@/features/account/api/use-register';
import { ErrorLines } from '@/features/account/components/error-lines';
import { GuestFrame } from '@/features/account/components/guest-frame';
import { PasswordFields } from '@/features/account/components/password-fields';
import { normalizeHex, readableOnWhite } from '@/lib/theme';

const t = es.account;

/** /register/{token}: registration by invitation (portal §2). */
export function RegisterRoute() {
  const { token = '' } = useParams();
  const invitation = useInvitationCheck(token);

  if (invitation.state === 'checking') {
    return (
      <GuestFrame title={t.register.title}>
        <Text textAlign="center">{t.register.checking}</Text>
        <PageLoader />
      </GuestFrame>
    );
  }
  if (invitation.state === 'failed' || !invitation.data) {
    return (
      <GuestFrame title={t.register.title}>
        <Alert variation="error">{es.errors.generic}</Alert>
        <Button onClick={invitation.retry}>{es.app.retry}</Button>
      </GuestFrame>
    );
  }
  if (invitation.data.has_account) return <JoinForm token={token} invitation={invitation.data} />;
  return <RegisterForm token={token} invitation={invitation.data} />;
}

/** The firm that invites: its logo and colours. */
function FirmBanner({ firm }: { firm: InvitationCheck['project'] }) {
  if (!firm) return null;
  return (
    <Flex direction="column" alignItems="center" gap="small" data-testid="register-firm">
      {firm.logo ? (
        <Image src={firm.logo} alt={t.register.firmLogo(firm.project_name)} maxHeight="64px" objectFit="contain" />
      ) : null}
      {/* The firm's colour, darkened if it is too pale to read on white. */}
      <Text
        textAlign="center"
        fontWeight="bold"
        style={{ color: readableOnWhite(normalizeHex(firm.primary_color) ?? '#000000') }}
      >
        {t.register.invitedBy(firm.project_name)}
      </Text>
    </Flex>
  );
}

/** An address that has an account already: its password accepts the invitation, nothing else is asked. */
function JoinForm({ token, invitation }: { token: string; invitation: InvitationCheck }) {
  const { password, setPassword, errors, submitting, submit } = useJoinInvitation(token, invitation);
  return (
    <GuestFrame title={t.register.title} accent={invitation.project?.secondary_color}>
      <FirmBanner firm={invitation.project} />
      <Text textAlign="center" color="font.secondary" data-testid="register-has-account">
        {t.register.hasAccount(invitation.email, es.roles[invitation.user_role])}
      </Text>
      <Flex as="form" direction="column" gap="medium" onSubmit={submit} noValidate>
        <PasswordField
          label={t.password}
          name="password"
          autoComplete="current-password"
          showPasswordButtonLabel={t.showPassword}
          passwordIsHiddenLabel={t.passwordHidden}
          passwordIsShownLabel={t.passwordShown}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <ErrorLines lines={errors} testId="register-errors" />
        <Button
          type="submit"
          variation="primary"
          isFullWidth
          isDisabled={!password}
          isLoading={submitting}
          loadingText={t.register.joining}
        >
          {t.register.join}
        </Button>
      </Flex>
    </GuestFrame>
  );
}

/**
 * The form, once the invitation is known: it says which firm invites (its logo and colours) and starts
 * from what the invitation knows of the person.
 */
function RegisterForm({ token, invitation }: { token: string; invitation: InvitationCheck }) {
  const { form, canSubmit, errors, submitting, submit } = useRegister(token, invitation);
  const firm = invitation.project;

  return (
    <GuestFrame title={t.register.title} accent={firm?.secondary_color}>
      <FirmBanner firm={firm} />
      <Text textAlign="center" color="font.secondary">
        {t.register.intro(invitation.email, es.roles[invitation.user_role])}
      </Text>
      <Flex as="form" direction="column" gap="medium" onSubmit={submit} noValidate>
        <form.AppField name="first_name">
          {(field) => <field.TextField label={t.firstName} autoComplete="given-name" />}
        </form.AppField>
        <form.AppField name="last_name">
          {(field) => <field.TextField label={t.lastName} autoComplete="family-name" />}
        </form.AppField>
        <form.AppField name="rut_user">
          {(field) => <field.TextField label={t.rut} placeholder={t.rutPlaceholder} />}
        </form.AppField>
        <form.AppField name="phone_number">
          {(field) => (
            <field.TextField label={t.phone} placeholder={t.phonePlaceholder} autoComplete="tel" type="tel" />
          )}
        </form.AppField>
        <PasswordFields
          form={form}
          fields={{ password: 'password', password_confirmation: 'password_confirmation' }}
          passwordLabel={t.password}
        />
        <ErrorLines lines={errors} testId="register-errors" />
        <Button
          type="submit"
          variation="primary"
          isFullWidth
          isDisabled={!canSubmit}
          isLoading={submitting}
          loadingText={t.register.submitting}
        >
          {t.register.submit}
        </Button>
      </Flex>
    </GuestFrame>
  );
}
