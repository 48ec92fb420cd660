import { BatchGetCommand, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '../../../shared/roles';
import { dynamo } from '../aws/dynamo';
import { config } from '../config';
import { fieldErrors } from '../errors';
import { getItems, normalizeSearch, searchText } from './list-index';
import { keys, strip } from './table';
import type { TxWrite } from './transact';

/** A user as stored. Memberships are uuid lists; the role decides which of them define the scope. */
export interface UserRecord {
  uuid: string;
  email: string;
  first_name: string;
  last_name: string;
  enable: boolean;
  user_role: Role;
  image: string | null;
  phone_number: string | null;
  position: string | null;
  user_documentation: boolean;
  rut_user: string | null;
  user_description: string | null;
  user_magnus: string | null;
  project_uuids: string[];
  group_uuids: string[];
  society_uuids: string[];
  created: string;
  version: number;
}

export async function getUser(uuid: string): Promise<UserRecord | undefined> {
  const { Item } = await dynamo.send(new GetCommand({ TableName: config.tableName, Key: keys.user(uuid) }));
  return Item as UserRecord | undefined;
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
  const found: Named[] = [];
  for (let start = 0; start < wanted.length; start += 100) {
    let request: Record<string, { Keys: Record<string, unknown>[] }> | undefined = {
      [config.tableName]: { Keys: wanted.slice(start, start + 100) },
    };
    while (request && Object.keys(request).length > 0) {
      const out = await dynamo.send(new BatchGetCommand({ RequestItems: request }));
      found.push(...((out.Responses?.[config.tableName] ?? []) as Named[]));
      request = out.UnprocessedKeys as typeof request;
    }
  }
  const byUuid = new Map<string, Named>(found.map((item) => [item.uuid, strip(item) as Named]));
  const pick = (uuids: string[]): Named[] => uuids.flatMap((uuid) => byUuid.get(uuid) ?? []);
  return { projects: pick(user.project_uuids), groups: pick(user.group_uuids), societies: pick(user.society_uuids) };
}

/**
 * Writes a new user and its e-mail marker in one transaction: the e-mail stays unique even under concurrent
 * creates, and neither item exists without the other.
 */
export async function putNewUser(user: UserRecord): Promise<void> {
  await dynamo.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: config.tableName,
            Item: userItem(user),
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Put: {
            TableName: config.tableName,
            Item: { ...keys.unique('EMAIL', user.email), owner_uuid: user.uuid },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ],
    }),
  );
}

/** The stored item: the record plus its keys and list attributes (every user is listed in gsi3 USERS). */
export function userItem(user: UserRecord) {
  return {
    ...keys.user(user.uuid),
    gsi3pk: 'USERS',
    gsi3sk: user.uuid,
    search_text: searchText(user.first_name, user.last_name, user.email),
    name_sort: normalizeSearch(`${user.first_name} ${user.last_name}`),
    updated: user.created,
    ...user,
  };
}

export type MembershipField = 'project_uuids' | 'group_uuids' | 'society_uuids';

/** Adds an entity to users' memberships, in the caller's transaction; each user must still have the expected role. */
export function addMembershipWrites(userUuids: string[], field: MembershipField, entityUuid: string): TxWrite[] {
  return userUuids.map((uuid) => ({
    write: {
      Update: {
        TableName: config.tableName,
        Key: keys.user(uuid),
        UpdateExpression: 'SET #field = list_append(#field, :entity)',
        ConditionExpression: 'attribute_exists(pk) AND NOT contains(#field, :id)',
        ExpressionAttributeNames: { '#field': field },
        ExpressionAttributeValues: { ':entity': [entityUuid], ':id': entityUuid },
      },
    },
  }));
}

/** Removes an entity from users' memberships; the position read is checked, so a concurrent change fails cleanly. */
export function removeMembershipWrites(users: UserRecord[], field: MembershipField, entityUuid: string): TxWrite[] {
  return users.flatMap((user) => {
    const index = user[field].indexOf(entityUuid);
    if (index < 0) return [];
    return [
      {
        write: {
          Update: {
            TableName: config.tableName,
            Key: keys.user(user.uuid),
            UpdateExpression: `REMOVE #field[${index}]`,
            ConditionExpression: `#field[${index}] = :id`,
            ExpressionAttributeNames: { '#field': field },
            ExpressionAttributeValues: { ':id': entityUuid },
          },
        },
      },
    ];
  });
}

/** Short public form of a user, for lists of admins and members. */
export function personRef(user: UserRecord) {
  return { uuid: user.uuid, first_name: user.first_name, last_name: user.last_name, email: user.email };
}

/**
 * The users named in an admin/member list of a form, checked: each must exist, have the expected role and, when a
 * project is given, belong to it. Anything else answers 400 with FORMAT_NOT_ALLOWED on that field.
 */
export async function loadMembers(
  field: string,
  userUuids: string[],
  rule: { role: Role; projectUuid?: string },
): Promise<UserRecord[]> {
  if (userUuids.length === 0) return [];
  const found = await getItems<UserRecord>(userUuids.map((uuid) => keys.user(uuid)));
  const fits = (u: UserRecord) =>
    u.user_role === rule.role && (!rule.projectUuid || u.project_uuids.includes(rule.projectUuid));
  if (found.length !== new Set(userUuids).size || !found.every(fits)) {
    throw fieldErrors({ [field]: ['FORMAT_NOT_ALLOWED'] });
  }
  return found;
}
