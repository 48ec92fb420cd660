import { dynamo } from '../aws/dynamo';
import { GetCommand } from '../aws/dynamo-commands';
import { config } from '../config';
import { type ApiError, conflict } from '../errors';
import { mergeEntryWrites } from './directory';
import { getItems } from './list-index';
import { keys } from './table';
import { MAX_WRITES, transactWrite } from './transact';
import type { TxWrite } from './tx-write';
import { removeMembershipWrites } from './user-listing';
import type { MembershipTarget, UserRecord } from './user-record';

/**
 * Members per transaction at most: up to 3 writes each (list, link, an admin marker) plus the entity's, under the 100
 * cap; fewer when they leave a project (their index rows go too: detachMembers cuts the round to fit).
 */
const BATCH = 30;

export interface Detach {
  key: { pk: string; sk: string };
  /** The entity's member lists (group: admin and user; project: admin). */
  lists: string[];
  /** The membership the members lose. */
  target: MembershipTarget;
  /** Members held only on the users' side (no entity list), such as a project's plain members. */
  others?: string[];
  /** What must still hold for the delete to go on (the refusal rules), in every round's condition. */
  guard: { expression: string; names?: Record<string, string>; values?: Record<string, unknown> };
  /** The refusal, read from the entity before each round (a failed condition then means a concurrent edit: 409). */
  refusal: (entity: Record<string, unknown>) => ApiError | undefined;
  /** Extra writes per member (a PROJECT_ADMIN's marker). */
  perMember?: (uuid: string) => TxWrite[];
}

/**
 * Empties an entity's memberships before it is deleted (a group of 200 members could not be deleted, one
 * transaction holds 100 writes). Each round is one transaction that removes a batch from the entity's lists and from
 * those members' records, conditional on the entity's version and on the delete's rules: every state in between is
 * consistent (a group with fewer members), a failure midway loses nothing, and calling delete again resumes. The
 * caller's final transaction then deletes the emptied entity, conditional on its last version.
 * Returns that version.
 */
export async function detachMembers(detach: Detach): Promise<number> {
  let others = [...(detach.others ?? [])];
  for (;;) {
    const { Item } = await dynamo.send(
      new GetCommand({ TableName: config.tableName, Key: detach.key, ConsistentRead: true }),
    );
    if (!Item) throw conflict('DATA_CONFLICT');
    const refused = detach.refusal(Item);
    if (refused) throw refused;
    const version = Item.version as number;
    const listed = detach.lists.flatMap((list) =>
      ((Item[list] as string[] | undefined) ?? []).map((uuid, index) => ({ list, index, uuid })),
    );
    const firstLists = listed.slice(0, BATCH);
    const firstOthers = others.filter((o) => !listed.some((l) => l.uuid === o)).slice(0, BATCH - firstLists.length);
    if (firstLists.length === 0 && firstOthers.length === 0) return version;
    const read = await getItems<UserRecord>(
      [...new Set([...firstLists.map((l) => l.uuid), ...firstOthers])].map((uuid) => keys.user(uuid)),
    );
    // A member leaving a project also takes its sorted index rows out of the project's lists (user-listing.ts), so a
    // round holds fewer members than BATCH: it is cut until its writes fit one transaction.
    let size = firstLists.length + firstOthers.length;
    let batch: string[];
    for (;;) {
      const fromLists = firstLists.slice(0, size);
      const fromOthers = firstOthers.slice(0, size - fromLists.length);
      batch = [...new Set([...fromLists.map((l) => l.uuid), ...fromOthers])];
      const users = read.filter((u) => batch.includes(u.uuid));
      const writes = roundWrites(detach, version, fromLists, users, batch);
      const count = mergeEntryWrites(writes).length;
      if (count <= MAX_WRITES || size === 1) {
        await transactWrite(writes);
        break;
      }
      size = Math.max(1, Math.min(size - 1, Math.floor((size * MAX_WRITES) / count)));
    }
    others = others.filter((o) => !batch.includes(o));
  }
}

/**
 * One round's writes: the entity loses these members from its lists (on its version and the delete's rules), the
 * members lose the membership, and each member's extra writes.
 */
function roundWrites(
  detach: Detach,
  version: number,
  fromLists: Array<{ list: string; index: number; uuid: string }>,
  users: UserRecord[],
  batch: string[],
): TxWrite[] {
  // List names go through placeholders: USER is a reserved word of DynamoDB expressions.
  // (only the lists this round touches: DynamoDB refuses names an expression does not use).
  const listName = (list: string) => `#list${detach.lists.indexOf(list)}`;
  const names = { ...detach.guard.names, ...Object.fromEntries(fromLists.map((l) => [listName(l.list), l.list])) };
  const condition = {
    ConditionExpression: `version = :version AND (${detach.guard.expression})`,
    // DynamoDB refuses an empty names map.
    ...(Object.keys(names).length > 0 && { ExpressionAttributeNames: names }),
  };
  const values = { ':version': version, ...detach.guard.values };
  const entityWrite: TxWrite = {
    write:
      fromLists.length > 0
        ? {
            Update: {
              TableName: config.tableName,
              Key: detach.key,
              ...condition,
              UpdateExpression: `REMOVE ${fromLists.map((l) => `${listName(l.list)}[${l.index}]`).join(', ')} SET version = version + :one`,
              ExpressionAttributeValues: { ...values, ':one': 1 },
            },
          }
        : {
            ConditionCheck: {
              TableName: config.tableName,
              Key: detach.key,
              ...condition,
              ExpressionAttributeValues: values,
            },
          },
    onConditionFail: () => conflict('DATA_CONFLICT'),
  };
  return [
    entityWrite,
    ...removeMembershipWrites(users, detach.target),
    ...batch.flatMap((uuid) => detach.perMember?.(uuid) ?? []),
  ];
}
