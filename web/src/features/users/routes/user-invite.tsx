import { Button, CheckboxField, Flex, SelectField, Text, TextField } from '@aws-amplify/ui-react';
import { invitationBodySchema } from '@shared/contracts/registration';
import { es } from '@shared/i18n/es';
import { CLIENT_ROLES, isRole, type Role } from '@shared/roles';
import { type FormEvent, useState } from 'react';
import { FormPage, RequiredNote, requiredLabel, SuccessPanel } from '@/components/admin/form';
import { PortalUrlNotice } from '@/components/admin/portal-url-notice';
import { ServerErrors } from '@/components/admin/server-errors';
import { UnsavedChangesGuard } from '@/components/admin/unsaved-changes-guard';
import { fieldMessages, messages } from '@/components/form/contract-rules';
import { useGenerateInvitation } from '@/features/users/api/generate-invitation';
import { useTargetPortals } from '@/features/users/api/target-portals';
import { useUsersListHref } from '@/features/users/api/use-list-links';
import { TargetsPicker } from '@/features/users/components/targets-picker';
import {
  invitableRoles,
  invitationBody,
  inviteComplete,
  NO_TARGETS,
  type Targets,
  targetKindOf,
} from '@/features/users/lib/users-logic';
import { useSession } from '@/lib/session';

const t = es.usersAdmin;

/** The message under the e-mail, by the invitation's contract (admin-area §5). */
const emailMessage = (email: string) =>
  fieldMessages<{ email: string }>([invitationBodySchema], { email: messages.requiredEmail }, { email: email.trim() })
    .email;

/**
 * /admin/users/invite (admin-area §2, §5, §6): role, e-mail and the role's targets; changing the role clears the other
 * selections. Success: 'Usuario invitado con éxito' with 'Ir a usuarios'.
 */
export function UserInviteRoute() {
  const { role: caller, href } = useUsersListHref();
  const [role, setRole] = useState<Role | ''>('');
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [targets, setTargets] = useState<Targets>(NO_TARGETS);
  // A client usually comes for the firm's documents: access is offered, on unless the admin turns it off.
  const [documentation, setDocumentation] = useState(true);
  const invite = useGenerateInvitation();
  // The submit state is the mutation's.
  const sending = invite.isPending;
  const error = invite.error;
  const done = invite.isSuccess;
  const kind = targetKindOf(role);
  const dirty = role !== '' || email !== '';
  // Invitation links lead to the project's portal URL, said here: a project or group admin's own project;
  // for a SUPER_ADMIN, who belongs to none, the project(s) of the targets chosen.
  const { profile } = useSession();
  const ownProject = caller === 'SUPER_ADMIN' ? undefined : profile?.projects[0];
  const targetPortals = useTargetPortals(kind, targets, caller === 'SUPER_ADMIN');
  const portals =
    caller === 'SUPER_ADMIN' ? targetPortals : ownProject ? [String(ownProject.custom_portal_url ?? '')] : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!role || !inviteComplete(role, email, emailError, targets) || sending) return;
    invite.mutate(invitationBody(role, email, targets, documentation));
  }

  const crumbs = [{ label: t.title, to: href }, { label: t.invite.title }];
  if (done) {
    return (
      <FormPage title={t.invite.title} crumbs={crumbs}>
        <SuccessPanel message={t.invite.done} linkLabel={t.invite.goToList} to={href} />
      </FormPage>
    );
  }
  return (
    <FormPage title={t.invite.title} crumbs={crumbs}>
      <UnsavedChangesGuard when={dirty && !sending} />
      <Flex as="form" direction="column" gap="medium" onSubmit={submit} noValidate>
        <SelectField
          label={requiredLabel(t.fields.user_role)}
          value={role}
          onChange={(event) => {
            const next = event.target.value;
            setRole(isRole(next) ? next : '');
            // A new role starts its targets from nothing.
            setTargets(NO_TARGETS);
            invite.reset();
          }}
        >
          <option value="">{t.chooseRole}</option>
          {invitableRoles(caller).map((r) => (
            <option key={r} value={r}>
              {es.roles[r]}
            </option>
          ))}
        </SelectField>
        <TextField
          label={requiredLabel(t.fields.email)}
          type="email"
          name="email"
          autoComplete="off"
          placeholder={t.invite.emailPlaceholder}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setEmailError(emailMessage(event.target.value));
          }}
          hasError={Boolean(emailError)}
          errorMessage={emailError}
        />
        {role && kind === null ? (
          <Text fontSize="small" color="font.secondary">
            {t.noTargets}
          </Text>
        ) : null}
        <TargetsPicker key={role} caller={caller} kind={kind} value={targets} onChange={setTargets} />
        {role && CLIENT_ROLES.includes(role) ? (
          <CheckboxField
            label={t.fields.user_documentation}
            name="user_documentation"
            checked={documentation}
            onChange={(event) => setDocumentation(event.target.checked)}
          />
        ) : null}
        {portals?.map((url) => (
          <PortalUrlNotice key={url} url={url} />
        ))}
        <RequiredNote />
        <ServerErrors error={error} context="invitation" />
        <Flex justifyContent="flex-end">
          <Button
            type="submit"
            variation="primary"
            isDisabled={!inviteComplete(role, email, emailError, targets)}
            isLoading={sending}
            loadingText={t.invite.sending}
          >
            {t.invite.submit}
          </Button>
        </Flex>
      </Flex>
    </FormPage>
  );
}
