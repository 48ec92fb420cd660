import { Badge, Button, Flex, Text } from '@aws-amplify/ui-react';
import type { ResponseOf } from '@shared/contracts/define';
import type { listInvitations } from '@shared/contracts/registration';
import { es } from '@shared/i18n/es';
import { useState } from 'react';
import { AdminTable } from '@/components/admin/admin-table';
import { formatDate } from '@/components/admin/format';
import { ConfirmDialog } from '@/components/admin/modal';
import { ServerErrors } from '@/components/admin/server-errors';
import { useDeleteInvitation } from '@/features/users/api/delete-invitation';
import { useResendInvitation } from '@/features/users/api/resend-invitation';
import { MailSuppressed } from '@/features/users/components/mail-suppressed';

const t = es.usersAdmin.invitations;
type Invitation = ResponseOf<typeof listInvitations>['results'][number];

/** Reenviar: a spinner while the mail goes, then the label 'Enviado' (admin-area §4). */
function ResendButton({
  invitation,
  sent,
  onSent,
  onError,
}: {
  invitation: Invitation;
  sent: boolean;
  onSent: () => void;
  onError: (error: unknown) => void;
}) {
  const resend = useResendInvitation();
  if (sent) {
    return (
      <Badge variation="success" size="small" data-testid="resent">
        {t.resent}
      </Badge>
    );
  }
  return (
    <Button
      size="small"
      isLoading={resend.isPending}
      loadingText={t.resending}
      onClick={() => {
        onError(null);
        resend.mutate(invitation.uuid, { onSuccess: onSent, onError });
      }}
    >
      {t.resend}
    </Button>
  );
}

/** 'Invitaciones pendientes': address, role, Enviado date, days since sending, resend and delete (admin-area §2). */
export function InvitationsTable({
  rows,
  loading,
  onChanged,
}: {
  rows: readonly Invitation[] | undefined;
  loading: boolean;
  onChanged: () => void;
}) {
  const [resent, setResent] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<unknown>(null);
  const [removing, setRemoving] = useState<Invitation | null>(null);
  const remove = useDeleteInvitation();

  return (
    <>
      <ServerErrors error={error} />
      <AdminTable
        label={t.label}
        rows={rows}
        rowKey={(invitation) => invitation.uuid}
        loading={loading}
        emptyText={t.empty}
        columns={[
          {
            header: t.columns.email,
            cell: (invitation) => (
              <>
                <Text>{invitation.email}</Text>
                {invitation.mail_suppressed ? <MailSuppressed suppression={invitation.mail_suppressed} /> : null}
              </>
            ),
          },
          { header: t.columns.role, cell: (invitation) => es.roles[invitation.user_role] },
          { header: t.columns.target, cell: (invitation) => invitation.target ?? es.adminUi.none },
          {
            header: t.columns.sent,
            cell: (invitation) =>
              invitation.status === 'SEND_FAILED' && !resent.has(invitation.uuid) ? (
                <Badge variation="error" size="small">
                  {t.sendFailed}
                </Badge>
              ) : (
                formatDate(invitation.sent ?? invitation.created)
              ),
          },
          { header: t.columns.days, cell: (invitation) => t.days(invitation.days) },
          {
            header: t.columns.actions,
            cell: (invitation) => (
              <Flex gap="xs" alignItems="center" wrap="wrap">
                <ResendButton
                  invitation={invitation}
                  sent={resent.has(invitation.uuid)}
                  onSent={() => setResent((current) => new Set(current).add(invitation.uuid))}
                  onError={setError}
                />
                <Button size="small" variation="link" colorTheme="error" onClick={() => setRemoving(invitation)}>
                  {t.delete}
                </Button>
              </Flex>
            ),
          },
        ]}
      />
      <ConfirmDialog
        open={removing !== null}
        message={removing ? t.deleteConfirm(removing.email) : ''}
        onConfirm={async () => {
          if (removing) await remove.mutateAsync(removing.uuid);
          onChanged();
        }}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}
