import { Button, CheckboxField, Flex, SelectField, Text } from '@aws-amplify/ui-react';
import { invitationBodySchema } from '@shared/contracts/registration';
import { es } from '@shared/i18n/es';
import { CLIENT_ROLES, isRole, type Role } from '@shared/roles';
import { useStore } from '@tanstack/react-form';
import { FormPage, RequiredNote, requiredLabel, SuccessPanel } from '@/components/admin/form';
import { PortalUrlNotice } from '@/components/admin/portal-url-notice';
import { ServerErrors } from '@/components/admin/server-errors';
import { UnsavedChangesGuard } from '@/components/admin/unsaved-changes-guard';
import { useAppForm } from '@/components/form/app-form';
import { contractRules, messages } from '@/components/form/contract-rules';
import { useGenerateInvitation } from '@/features/users/api/generate-invitation';
import { useTargetPortals } from '@/features/users/api/target-portals';
import { useUsersListHref } from '@/features/users/api/use-list-links';
import { TargetsPicker } from '@/features/users/components/targets-picker';
import {
  invitableRoles,
  invitationBody,
  NO_TARGETS,
  type Targets,
  targetKindOf,
  targetsChosen,
} from '@/features/users/lib/users-logic';
import { useSession } from '@/lib/session';

const t = es.usersAdmin;

type InviteValues = { user_role: Role | ''; email: string; targets: Targets; user_documentation: boolean };

// A client usually comes for the firm's documents: access is offered, on unless the admin turns it off.
const EMPTY: InviteValues = { user_role: '', email: '', targets: NO_TARGETS, user_documentation: true };

/** The invitation's contract checks the body the form sends (admin-area §5); an unchosen role only blocks the submit. */
const RULES = contractRules<InviteValues>([invitationBodySchema], { email: messages.requiredEmail }, (values) =>
  invitationBody(values.user_role as Role, values.email, values.targets, values.user_documentation),
);

/** Whether the invitation may be sent: the contract passes and the role's targets are chosen. */
const complete = (values: InviteValues) => RULES.passes(values) && targetsChosen(values.user_role, values.targets);

/**
 * /admin/users/invite (admin-area §2, §5, §6): role, e-mail and the role's targets; changing the role clears the other
 * selections. Success: 'Usuario invitado con éxito' with 'Ir a usuarios'.
 */
export function UserInviteRoute() {
  const { role: caller, href } = useUsersListHref();
  const invite = useGenerateInvitation();
  const form = useAppForm({
    defaultValues: EMPTY,
    validators: { onChange: RULES },
    onSubmit: ({ value }) => {
      if (!complete(value) || invite.isPending) return;
      invite.mutate(invitationBody(value.user_role as Role, value.email, value.targets, value.user_documentation));
    },
  });
  const values = useStore(form.store, (state) => state.values);
  const role = values.user_role;
  // The submit state is the mutation's.
  const sending = invite.isPending;
  const error = invite.error;
  const done = invite.isSuccess;
  const kind = targetKindOf(role);
  const dirty = role !== '' || values.email !== '';
  // Invitation links lead to the project's portal URL, said here: a project or group admin's own project;
  // for a SUPER_ADMIN, who belongs to none, the project(s) of the targets chosen.
  const { profile } = useSession();
  const ownProject = caller === 'SUPER_ADMIN' ? undefined : profile?.projects[0];
  const targetPortals = useTargetPortals(kind, values.targets, caller === 'SUPER_ADMIN');
  const portals =
    caller === 'SUPER_ADMIN' ? targetPortals : ownProject ? [String(ownProject.custom_portal_url ?? '')] : undefined;

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
      <Flex
        as="form"
        direction="column"
        gap="medium"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void form.handleSubmit();
        }}
      >
        <SelectField
          label={requiredLabel(t.fields.user_role)}
          value={role}
          onChange={(event) => {
            const next = event.target.value;
            form.setFieldValue('user_role', isRole(next) ? next : '');
            // A new role starts its targets from nothing.
            form.setFieldValue('targets', NO_TARGETS);
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
        <form.AppField name="email">
          {(field) => (
            <field.TextField
              label={requiredLabel(t.fields.email)}
              type="email"
              autoComplete="off"
              placeholder={t.invite.emailPlaceholder}
            />
          )}
        </form.AppField>
        {role && kind === null ? (
          <Text fontSize="small" color="font.secondary">
            {t.noTargets}
          </Text>
        ) : null}
        <TargetsPicker
          key={role}
          caller={caller}
          kind={kind}
          value={values.targets}
          onChange={(targets) => form.setFieldValue('targets', targets)}
        />
        {role && CLIENT_ROLES.includes(role) ? (
          <CheckboxField
            label={t.fields.user_documentation}
            name="user_documentation"
            checked={values.user_documentation}
            onChange={(event) => form.setFieldValue('user_documentation', event.target.checked)}
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
            isDisabled={!complete(values)}
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
