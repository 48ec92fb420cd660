import { Avatar, Button, Card, Flex, Heading, Loader, Text, View, VisuallyHidden } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { SignInHistory } from '@/components/sign-in-history';
import { PageLoader } from '@/components/ui/page-loader';
import { useMySignIns } from '@/features/account/api/list-my-sign-ins';
import { useAvatar } from '@/features/account/api/use-avatar';
import {
  type NamedList,
  type ProfileListKind,
  profileListsFor,
  useProfileLists,
} from '@/features/account/api/use-profile-lists';
import { DigestSetting } from '@/features/account/components/digest-setting';
import { ErrorLines } from '@/features/account/components/error-lines';
import { MessageNoticesSetting } from '@/features/account/components/message-notices-setting';
import { PasskeysCard } from '@/features/account/components/passkeys-card';
import { ProfileForm } from '@/features/account/components/profile-form';
import { RequestRemindersSetting } from '@/features/account/components/request-reminders-setting';
import { SecondFactorCard } from '@/features/account/components/second-factor-card';
import { reloadProfile, useSession } from '@/lib/session';

const t = es.account.userInfo;
const orDash = (value: string | null | undefined) => (value?.trim() ? value : t.empty);

function Field({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Flex direction="column" gap="xxxs">
      <Text fontSize="small" color="font.tertiary">
        {label}
      </Text>
      <Text data-testid={testId}>{value}</Text>
    </Flex>
  );
}

function ListCard({ title, list, kind }: { title: string; list: NamedList | null | undefined; kind: ProfileListKind }) {
  return (
    <Card variation="outlined" flex="1 1 14rem" data-testid={`profile-${kind}`}>
      <Heading level={3} fontSize="medium" marginBottom="small">
        {title}
      </Heading>
      {!list ? (
        <Loader />
      ) : list.items.length === 0 ? (
        <Text color="font.tertiary">{t.noItems}</Text>
      ) : (
        // A scrolling list is reachable by keyboard (axe: scrollable-region-focusable).
        <View
          as="ul"
          maxHeight="150px"
          overflow="auto"
          margin="0"
          paddingInlineStart="medium"
          tabIndex={0}
          aria-label={title}
        >
          {list.items.map((item) => (
            <li key={item.uuid}>{item.name}</li>
          ))}
        </View>
      )}
      {list && list.total > list.items.length ? (
        <Text fontSize="small" color="font.tertiary" marginTop="xs">
          {t.partial(list.items.length, list.total)}
        </Text>
      ) : null}
    </Card>
  );
}

const LIST_TITLES: Record<ProfileListKind, string> = { projects: t.projects, groups: t.groups, societies: t.societies };

/** /userinfo: the signed-in user's profile, picture, password link and lists (portal §2 'Profile', §6). */
export function UserInfoRoute() {
  const { profile } = useSession();
  const role = profile?.profile.user_role;
  const lists = useProfileLists(role);
  const signIns = useMySignIns(profile?.user.uuid);
  const avatar = useAvatar(profile?.profile.image);
  const input = useRef<HTMLInputElement>(null);
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);

  if (!profile) return <PageLoader />;
  const name = `${profile.user.first_name} ${profile.user.last_name}`.trim();

  return (
    <View as="section" padding="large">
      <Heading level={2} marginBottom="medium">
        {t.title}
      </Heading>
      <Flex direction="column" gap="medium">
        <Card variation="outlined">
          <Flex gap="large" wrap="wrap" alignItems="flex-start">
            <Flex direction="column" alignItems="center" gap="small">
              <Avatar src={avatar.image} alt={t.avatarAlt(name)} size="large" data-testid="profile-avatar" />
              <VisuallyHidden>
                <input
                  ref={input}
                  type="file"
                  accept="image/png,image/jpeg,image/gif,image/webp"
                  tabIndex={-1}
                  aria-hidden="true"
                  data-testid="avatar-input"
                  onChange={(event) => {
                    avatar.choose(event.target.files?.[0]);
                    event.target.value = '';
                  }}
                />
              </VisuallyHidden>
              {avatar.pending ? (
                <Flex gap="xs">
                  <Button
                    size="small"
                    variation="primary"
                    onClick={() => void avatar.confirm()}
                    isLoading={avatar.saving}
                    loadingText={t.savingImage}
                  >
                    {t.confirmImage}
                  </Button>
                  <Button size="small" onClick={avatar.cancel} isDisabled={avatar.saving}>
                    {t.cancelImage}
                  </Button>
                </Flex>
              ) : (
                <Button size="small" onClick={() => input.current?.click()}>
                  {t.chooseImage}
                </Button>
              )}
              {avatar.done ? (
                <Text fontSize="small" color="font.success" data-testid="avatar-saved">
                  {t.imageSaved}
                </Text>
              ) : null}
            </Flex>
            {editing ? (
              <Flex direction="column" gap="small" flex="1 1 16rem">
                <ProfileForm
                  initial={{
                    first_name: profile.user.first_name,
                    last_name: profile.user.last_name,
                    phone_number: profile.profile.phone_number ?? '',
                  }}
                  onDone={(saved) => {
                    setEditing(false);
                    setSaved(saved);
                    if (saved) void reloadProfile();
                  }}
                />
              </Flex>
            ) : (
              <Flex direction="column" gap="small" flex="1 1 16rem">
                <Field label={t.name} value={name} testId="profile-name" />
                <Field label={t.phone} value={orDash(profile.profile.phone_number)} testId="profile-phone" />
                <Field label={t.email} value={profile.user.email} testId="profile-email" />
                <Field label={t.role} value={es.roles[profile.profile.user_role]} testId="profile-role" />
                <Field label={t.position} value={orDash(profile.profile.position)} testId="profile-position" />
                {saved ? (
                  <Text fontSize="small" color="font.success" role="status" data-testid="profile-saved">
                    {t.dataSaved}
                  </Text>
                ) : null}
                <Flex gap="small" wrap="wrap">
                  <Button
                    size="small"
                    onClick={() => {
                      setSaved(false);
                      setEditing(true);
                    }}
                  >
                    {t.editData}
                  </Button>
                  <Button as={RouterLink} to="/changePassword" variation="primary" size="small">
                    {t.changePassword}
                  </Button>
                </Flex>
              </Flex>
            )}
          </Flex>
          <ErrorLines lines={avatar.errors} testId="avatar-errors" />
        </Card>
        <PasskeysCard />
        <SecondFactorCard active={profile.profile.second_factor === true} />
        <Card variation="outlined" data-testid="own-sign-ins">
          <Heading level={3} fontSize="medium" marginBottom="xs">
            {es.signInHistory.ownTitle}
          </Heading>
          <Text fontSize="small" color="font.tertiary" marginBottom="small">
            {es.signInHistory.ownHint}
          </Text>
          <SignInHistory query={signIns} label={es.signInHistory.ownTitle} />
        </Card>
        {typeof profile.profile.document_digest === 'boolean' ? (
          <DigestSetting on={profile.profile.document_digest} />
        ) : null}
        {/* Request reminders go to the societies' client users (null for admins, who get none). */}
        {typeof profile.profile.request_reminders === 'boolean' ? (
          <RequestRemindersSetting on={profile.profile.request_reminders} />
        ) : null}
        {/* Notices of new messages go to both sides of the conversations. */}
        <MessageNoticesSetting on={profile.profile.message_notices !== false} />
        {role && profileListsFor(role).length > 0 ? (
          <Flex gap="medium" wrap="wrap">
            {profileListsFor(role).map((kind) => (
              <ListCard key={kind} kind={kind} title={LIST_TITLES[kind]} list={lists[kind]} />
            ))}
          </Flex>
        ) : null}
      </Flex>
    </View>
  );
}
