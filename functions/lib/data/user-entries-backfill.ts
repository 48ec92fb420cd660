import { dynamo } from '../aws/dynamo';
import { ScanCommand } from '../aws/dynamo-commands';
import { config } from '../config';
import { ApiError } from '../errors';
import { mergeEntryWrites } from './directory';
import { keys, recordOf } from './table';
import { MAX_WRITES, transactWrite } from './transact';
import type { TxWrite } from './tx-write';
import { listedMemberships, userListingWrites } from './user-listing';
import type { UserRecord } from './user-record';
import { checkWhen } from './writes';

/**
 * One-off maintenance: users whose directory entries were written before every join rewrote all of them
 * (addMembershipWrites) may miss the hints of some memberships, so a users page listing them reads those names in a
 * 4th call (userViews). This rewrites every entry of each such user from its record, as an edit would.
 * `local/backfill-user-entries.ts` runs it against a table. Never on a request path: it scans.
 */

export interface UserEntriesScan {
  users: UserRecord[];
  /** The users directories' shard items as scanned, by `pk|sk` (what each user's entries hold now). */
  shards: Map<string, Record<string, unknown>>;
}

/** Every user record and every shard of the users directories, by a paginated Scan. */
export async function scanUserEntries(): Promise<UserEntriesScan> {
  const user = keys.user('');
  const users: UserRecord[] = [];
  const shards = new Map<string, Record<string, unknown>>();
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo.send(
      new ScanCommand({
        TableName: config.tableName,
        // Users directories: DIR#USERS, DIR#PROJECT#<uuid>#USERS, DIR#GROUP#<uuid>#USERS, DIR#SOCIETY#<uuid>#USERS
        // (table.ts `directories`; no other partition name holds USERS).
        FilterExpression: '(sk = :us AND begins_with(pk, :up)) OR (begins_with(pk, :dir) AND contains(pk, :users))',
        ExpressionAttributeValues: { ':us': user.sk, ':up': user.pk, ':dir': 'DIR#', ':users': 'USERS' },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      if (item.sk === user.sk) users.push(recordOf<UserRecord>(item) as UserRecord);
      else shards.set(`${item.pk as string}|${item.sk as string}`, item);
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return { users, shards };
}

export interface UserEntriesBackfill {
  checked: number;
  /** Users whose entries were rewritten. */
  rewritten: number;
  /** Users edited (or deleted) since the scan: the edit wrote their entries. */
  changed: number;
  /** Users whose rewrite would take more than one transaction's 100 writes: left as they are. */
  tooLarge: string[];
}

/** How many users' memberships are read at once (their societies' groups, one BatchGet per 100 keys). */
const CHUNK = 100;

/**
 * Rewrites every entry of each user whose entries differ from what its record lists now (a missing hint, a missing
 * RUT). Idempotent, and safe on a live table: each user's rewrite is one transaction conditioned on the version
 * scanned, so a user edited, joined, left or deleted since is skipped (its change wrote its own entries).
 */
export async function backfillUserEntries({ users, shards }: UserEntriesScan): Promise<UserEntriesBackfill> {
  const out: UserEntriesBackfill = { checked: users.length, rewritten: 0, changed: 0, tooLarge: [] };
  for (let i = 0; i < users.length; i += CHUNK) {
    const chunk = users.slice(i, i + CHUNK);
    const memberships = await listedMemberships(chunk);
    for (const user of chunk) {
      const entries = userListingWrites(user, user, memberships.get(user.uuid) ?? []);
      const stale = entries.some(({ entry }) => {
        if (!entry) return false;
        return shards.get(`${entry.key.pk}|${entry.key.sk}`)?.[entry.id] !== entry.value;
      });
      if (!stale) continue;
      const userChanged = new ApiError(409, 'DATA_CONFLICT');
      const writes: TxWrite[] = [
        checkWhen(
          keys.user(user.uuid),
          { expression: 'version = :version', values: { ':version': user.version } },
          () => userChanged,
        ),
        ...entries,
      ];
      if (mergeEntryWrites(writes).length > MAX_WRITES) {
        out.tooLarge.push(user.uuid);
        continue;
      }
      try {
        await transactWrite(writes);
        out.rewritten += 1;
      } catch (error) {
        if (error !== userChanged) throw error;
        out.changed += 1;
      }
    }
  }
  return out;
}
