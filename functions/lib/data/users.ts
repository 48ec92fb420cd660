import { BatchGetCommand, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '../../../shared/roles';
import { dynamo } from '../aws/dynamo';
import { config } from '../config';
import { keys } from './table';

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

/** Removes key attributes before an item leaves the API. */
export function strip<T extends Record<string, unknown>>(
  item: T,
): Omit<T, 'pk' | 'sk' | 'gsi1pk' | 'gsi1sk' | 'gsi2pk' | 'gsi2sk'> {
  const { pk: _pk, sk: _sk, gsi1pk: _a, gsi1sk: _b, gsi2pk: _c, gsi2sk: _d, ...rest } = item;
  return rest;
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
            Item: { ...keys.user(user.uuid), ...user },
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
