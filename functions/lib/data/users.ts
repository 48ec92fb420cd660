import type { Role } from '../../../shared/roles';
import type { FirstFactor, TwoFactorWay } from '../../../shared/second-factor';
import { dynamo } from '../aws/dynamo';
import { GetCommand, UpdateCommand } from '../aws/dynamo-commands';
import { config } from '../config';
import { type ApiError, fieldErrors } from '../errors';
import { getItems } from './list-index';
import { epochSeconds, keys, recordOf } from './table';
import { transactWrite } from './transact';
import type { TxWrite } from './tx-write';
import { userListingWrites } from './user-listing';
import type { LiveToken, MembershipTarget, UserRecord } from './user-record';
import { putNew } from './writes';

export type { UserRecord } from './user-record';

export async function getUser(uuid: string): Promise<UserRecord | undefined> {
  const { Item } = await dynamo.send(new GetCommand({ TableName: config.tableName, Key: keys.user(uuid) }));
  return recordOf<UserRecord>(Item);
}

/** Users by uuid, in one BatchGet per 100; missing ones are left out. */
export async function getUsers(uuids: string[]): Promise<UserRecord[]> {
  return getItems<UserRecord>([...new Set(uuids)].map((uuid) => keys.user(uuid)));
}

/** The user that owns an e-mail, through its uniqueness marker: two reads, no index. */
export async function getUserByEmail(email: string): Promise<UserRecord | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({
      TableName: config.tableName,
      Key: keys.unique('EMAIL', email),
      ProjectionExpression: 'owner_uuid',
    }),
  );
  return Item ? getUser(Item.owner_uuid as string) : undefined;
}

/**
 * Notes a successful sign-in on the user record: the one write the sign-in adds. The users list reads the
 * records of its page anyway (user-lists.ts userRows), so the listing entries need not carry it and the sign-in path
 * does not rewrite them. Neither `version` nor `updated` moves: signing in is not an edit, and an admin's edit open at
 * the time must not fail with 409 (at worst such an edit writes back the sign-in time it read).
 */
export async function recordSignIn(
  user: UserRecord,
  at: string,
  token: { jti: string } & LiveToken,
  way: FirstFactor | TwoFactorWay = 'PASSWORD',
): Promise<void> {
  await addLiveToken(user, token, { last_login: at, [`last_login_${way.toLowerCase()}`]: at });
}

/**
 * Lists a new access token of a session under the user (sign-in and refresh), in one UpdateItem that also drops the
 * tokens of the record read that have expired, so the map holds only the last hour's tokens. A user edit that read
 * the record before may write an older map back: the token it drops is refused once and the SPA refreshes it.
 */
export async function addLiveToken(
  user: UserRecord,
  token: { jti: string } & LiveToken,
  also: Record<string, string> = {},
  now = epochSeconds(),
): Promise<void> {
  const entry = { portal: token.portal, until: token.until };
  const update = (whole: boolean) => {
    const names: Record<string, string> = { '#live': 'live_tokens' };
    const values: Record<string, unknown> = {};
    const sets: string[] = [];
    if (whole) {
      sets.push('#live = :tokens');
      values[':tokens'] = { [token.jti]: entry };
    } else {
      sets.push('#live.#jti = :token');
      names['#jti'] = token.jti;
      values[':token'] = entry;
    }
    for (const [name, value] of Object.entries(also)) {
      names[`#${name}`] = name;
      values[`:${name}`] = value;
      sets.push(`#${name} = :${name}`);
    }
    const expired = whole
      ? []
      : Object.entries(user.live_tokens ?? {})
          .filter(([jti, old]) => old.until <= now && jti !== token.jti)
          .map(([jti], n) => {
            names[`#old${n}`] = jti;
            return `#live.#old${n}`;
          });
    return new UpdateCommand({
      TableName: config.tableName,
      Key: keys.user(user.uuid),
      UpdateExpression: `SET ${sets.join(', ')}${expired.length > 0 ? ` REMOVE ${expired.join(', ')}` : ''}`,
      // A new map only where none is: two first sign-ins at once must not write over each other's token.
      ConditionExpression: whole ? 'attribute_exists(pk) AND attribute_not_exists(#live)' : 'attribute_exists(pk)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    });
  };
  let whole = !user.live_tokens;
  for (let attempt = 0; ; attempt++) {
    try {
      await dynamo.send(update(whole));
      return;
    } catch (error) {
      const name = (error as Error)?.name;
      // A map appeared meanwhile (another sign-in): add to it. The map read is gone (an edit wrote back a record
      // from before it): start it again.
      const retry = whole ? name === 'ConditionalCheckFailedException' : name === 'ValidationException';
      if (!retry || attempt >= 3) throw error;
      whole = !whole;
    }
  }
}

/**
 * getUserByEmail at the same cost for an unknown address: the second read
 * happens either way, of the owner's record or of a key no item has.
 */
export async function getUserByEmailEvenly(email: string): Promise<UserRecord | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({
      TableName: config.tableName,
      Key: keys.unique('EMAIL', email),
      ProjectionExpression: 'owner_uuid',
    }),
  );
  return getUser(Item ? (Item.owner_uuid as string) : NO_USER);
}

/** A user uuid no record has (version-4 uuids never are all zeros). */
const NO_USER = '00000000-0000-0000-0000-000000000000';

type Named = { uuid: string } & Record<string, unknown>;

/** Loads the projects, groups and societies a user belongs to, in one batch (each list is small and bounded). */
export async function getMemberships(
  user: UserRecord,
): Promise<{ projects: Named[]; groups: Named[]; societies: Named[] }> {
  const wanted = [
    ...user.project_uuids.map((uuid) => keys.project(uuid)),
    ...user.group_uuids.map((uuid) => keys.group(uuid)),
    ...user.society_uuids.map((uuid) => keys.society(uuid)),
  ];
  const found = await getItems<Named>(wanted);
  const byUuid = new Map<string, Named>(found.map((item) => [item.uuid, item]));
  const pick = (uuids: string[]): Named[] => uuids.flatMap((uuid) => byUuid.get(uuid) ?? []);
  return { projects: pick(user.project_uuids), groups: pick(user.group_uuids), societies: pick(user.society_uuids) };
}

/**
 * The writes of a new user: its record (membership lists taken from the targets), its e-mail marker and its membership
 * links, for one transaction: the e-mail stays unique under concurrent creates and nothing exists half.
 */
export function newUserWrites(user: UserRecord, targets: MembershipTarget[], emailTaken?: () => ApiError): TxWrite[] {
  const lists = {
    project_uuids: targets.filter((t) => t.field === 'project_uuids').map((t) => t.uuid),
    group_uuids: targets.filter((t) => t.field === 'group_uuids').map((t) => t.uuid),
    society_uuids: targets.filter((t) => t.field === 'society_uuids').map((t) => t.uuid),
  };
  const record = { ...user, ...lists };
  return [
    putNew(userItem(record)),
    putNew({ ...keys.unique('EMAIL', user.email), owner_uuid: user.uuid }, emailTaken),
    ...userListingWrites(undefined, record, targets),
  ];
}

export async function putNewUser(user: UserRecord, targets: MembershipTarget[] = []): Promise<void> {
  await transactWrite(newUserWrites(user, targets));
}

/** The stored item: the record under its own key (its lists are directory entries, userListingWrites). */
export function userItem(user: UserRecord) {
  return { ...keys.user(user.uuid), ...user };
}

/** Short public form of a user, for lists of admins and members. */
export function personRef(user: UserRecord) {
  return { uuid: user.uuid, first_name: user.first_name, last_name: user.last_name, email: user.email };
}

/**
 * The users named in an admin/member list of a form, checked: each must exist, have the expected role and, when a
 * project is given, belong to it. Anything else answers 400 with FORMAT_NOT_ALLOWED on that field. With `reaches`
 * (the caller's scope, user-reach.ts), the users not already in the list (`kept`) must also pass it (a
 * GROUP_ADMIN attaches only people of its groups and their societies; new people come by invitation).
 */
export async function loadMembers(
  field: string,
  userUuids: string[],
  rule: { role: Role; projectUuid?: string; reaches?: (added: UserRecord[]) => Promise<boolean>; kept?: string[] },
): Promise<UserRecord[]> {
  if (userUuids.length === 0) return [];
  const found = await getItems<UserRecord>(userUuids.map((uuid) => keys.user(uuid)));
  const fits = (u: UserRecord) =>
    u.user_role === rule.role && (!rule.projectUuid || u.project_uuids.includes(rule.projectUuid));
  if (found.length !== new Set(userUuids).size || !found.every(fits)) {
    throw fieldErrors({ [field]: ['FORMAT_NOT_ALLOWED'] });
  }
  const added = found.filter((u) => !rule.kept?.includes(u.uuid));
  if (rule.reaches && !(await rule.reaches(added))) throw fieldErrors({ [field]: ['FORMAT_NOT_ALLOWED'] });
  return found;
}

/** The memberships a user record holds now, with the parents each needs (its links, scope checks). */
export async function membershipsOf(user: UserRecord): Promise<MembershipTarget[]> {
  const [groups, societies] = await Promise.all([
    getItems<{ uuid: string; project_uuid: string }>(user.group_uuids.map((g) => keys.group(g))),
    getItems<{ uuid: string; project_uuid: string; group_uuid: string }>(
      user.society_uuids.map((s) => keys.society(s)),
    ),
  ]);
  return [
    ...user.project_uuids.map((uuid): MembershipTarget => ({ field: 'project_uuids', uuid, project_uuid: uuid })),
    ...groups.map((g): MembershipTarget => ({ field: 'group_uuids', uuid: g.uuid, project_uuid: g.project_uuid })),
    ...societies.map(
      (s): MembershipTarget => ({
        field: 'society_uuids',
        uuid: s.uuid,
        project_uuid: s.project_uuid,
        group_uuid: s.group_uuid,
      }),
    ),
  ];
}

/** The kinds of scheduled mail a person may turn off, by the field of its record that says so (absent: on). */
export type MailPreference = 'document_digest' | 'request_reminders' | 'message_notices';

/**
 * Turns one kind of the person's scheduled mails on or off (its profile, or the mail's unsubscribe link). The version
 * moves, so an edit read before cannot write the old setting back.
 */
export async function setMailPreference(uuid: string, field: MailPreference, on: boolean): Promise<void> {
  await dynamo.send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: keys.user(uuid),
      UpdateExpression: 'SET #field = :on, version = version + :one',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#field': field },
      ExpressionAttributeValues: { ':on': on, ':one': 1 },
    }),
  );
}
