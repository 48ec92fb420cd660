import { es } from '@shared/i18n/es';
import { formatPhone } from '@shared/phone';
import { formatRut } from '@shared/rut';
import { useParams } from 'react-router-dom';
import { DetailField, DetailList, DetailPage } from '@/components/admin/detail';
import { formatDateTime } from '@/components/admin/format';
import { ShortId } from '@/components/admin/short-id';
import { StatusBadge } from '@/components/admin/status-badge';
import { SignInHistory } from '@/components/sign-in-history';
import { useUser } from '@/features/users/api/get-user';
import { useUserSignIns } from '@/features/users/api/list-user-sign-ins';
import { useUsersListHref } from '@/features/users/api/use-list-links';
import { MailSuppressed } from '@/features/users/components/mail-suppressed';
import { SecondFactorStatus } from '@/features/users/components/second-factor-status';
import { useSession } from '@/lib/session';

const t = es.usersAdmin.detail;
const ways = es.microsoftSignIn;

/**
 * /admin/users/detail/{uuid} (admin-area §2): a read-only view, so no edit or delete menu: name, short ID with copy,
 * description, RUT, e-mail, status, its second factor and the last sign-in of each way in (password, Microsoft),
 * portal user, position, the user's projects, groups and societies, and its sign-in history ('Ver más' pages it).
 */
export function UserDetailRoute() {
  const { uuid = '' } = useParams();
  const { href } = useUsersListHref();
  const { data: user, error, isPending: loading } = useUser(uuid);
  const { profile } = useSession();
  const signIns = useUserSignIns(uuid);
  const name = user ? `${user.first_name} ${user.last_name}`.trim() : '';

  return (
    <DetailPage
      title={name || es.pages.adminUserDetail}
      crumbs={[{ label: es.usersAdmin.title, to: href }, { label: es.pages.adminUserDetail }]}
      loading={loading && !user}
      error={error}
    >
      {user ? (
        <>
          <DetailField label={t.name}>{name}</DetailField>
          <DetailField label={t.id}>
            <ShortId id={user.uuid} />
          </DetailField>
          <DetailField label={t.description}>{user.profile.user_description}</DetailField>
          <DetailField label={t.rut}>{formatRut(user.profile.rut_user)}</DetailField>
          <DetailField label={t.email}>
            {user.email}
            {user.mail_suppressed ? <MailSuppressed suppression={user.mail_suppressed} detailed /> : null}
          </DetailField>
          <DetailField label={t.phone}>{formatPhone(user.profile.phone_number)}</DetailField>
          <DetailField label={t.status}>
            <StatusBadge enabled={user.enable} />
          </DetailField>
          <DetailField label={t.role}>{es.roles[user.profile.user_role]}</DetailField>
          <DetailField label={es.secondFactor.statusLabel}>
            <SecondFactorStatus
              uuid={user.uuid}
              active={Boolean(user.second_factor)}
              canReset={user.account_in_scope && user.uuid !== profile?.user.uuid}
            />
          </DetailField>
          {user.sign_in_ways ? (
            <DetailField label={ways.waysTitle}>
              <DetailList
                items={(['password', 'microsoft', 'passkey'] as const).map((way) => ({
                  key: way,
                  label: `${ways.ways[way]}: ${formatDateTime(user.sign_in_ways?.[way], ways.wayNever)}`,
                }))}
              />
            </DetailField>
          ) : null}
          <DetailField label={t.portalUser}>{user.profile.user_magnus}</DetailField>
          <DetailField label={t.position}>{user.profile.position}</DetailField>
          <DetailField label={t.projects}>
            <DetailList items={user.project.map((p) => ({ key: p.uuid, label: String(p.project_name ?? '') }))} />
          </DetailField>
          <DetailField label={t.groups}>
            <DetailList items={user.group.map((g) => ({ key: g.uuid, label: String(g.group_name ?? '') }))} />
          </DetailField>
          <DetailField label={t.societies}>
            <DetailList
              items={user.society.map((s) => ({ key: s.uuid, label: String(s.society_business_name ?? '') }))}
            />
          </DetailField>
          <DetailField label={es.signInHistory.adminTitle}>
            <SignInHistory query={signIns} label={es.signInHistory.adminTitle} />
          </DetailField>
        </>
      ) : null}
    </DetailPage>
  );
}
