import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { tableAccess } from './db';

type Item = Record<string, unknown>;

/**
 * Items a refused request may legitimately write, left out of every comparison: the request and session logs
 * (`LOG#…` under a user), audit items (`AUDIT#…`: refusals of auth events are audited) and throttle counters
 * (`THROTTLE#…`: a refused sign-in or reset counts). Everything else must be exactly as before.
 */
export function isBookkeeping(item: Item): boolean {
  const pk = String(item.pk);
  const sk = String(item.sk);
  return pk.startsWith('AUDIT#') || pk.startsWith('THROTTLE#') || sk.startsWith('LOG#');
}

/**
 * isBookkeeping as a Scan filter: the request logs grow with every request of every file, so leaving them in the
 * table spares the client parsing them on each snapshot (isBookkeeping still runs on what comes back).
 */
const WITHOUT_BOOKKEEPING = {
  FilterExpression: 'NOT begins_with(pk, :audit) AND NOT begins_with(pk, :throttle) AND NOT begins_with(sk, :log)',
  ExpressionAttributeValues: { ':audit': 'AUDIT#', ':throttle': 'THROTTLE#', ':log': 'LOG#' },
};

const keyOf = (item: Item) => `${item.pk} ${item.sk}${item.entry === undefined ? '' : ` ${item.entry}`}`;

/**
 * A listing directory shard (`DIR#…`, functions/lib/data/directory.ts) holds one attribute per listed entity, and
 * every file's entities share the shards: each entry is compared as an item of its own, so a parallel file's new
 * entry in the same shard is not taken for a change made by this file's request.
 */
function directoryEntries(item: Item): Item[] {
  if (!String(item.pk).startsWith('DIR#')) return [item];
  return Object.entries(item)
    .filter(([name]) => name !== 'pk' && name !== 'sk')
    .map(([entry, value]) => ({ pk: item.pk, sk: item.sk, entry, value }));
}

/** Every item of the table but bookkeeping, by key, as JSON (Scan is fine in a test, never on a request path). */
export async function snapshotTable(keep: (item: Item, json: string) => boolean = () => true) {
  const { dynamo, tableName } = await tableAccess();
  const items = new Map<string, string>();
  let start: Item | undefined;
  do {
    const page = await dynamo.send(
      new ScanCommand({ TableName: tableName, ExclusiveStartKey: start, ...WITHOUT_BOOKKEEPING }),
    );
    for (const item of (page.Items ?? []).flatMap(directoryEntries)) {
      if (isBookkeeping(item)) continue;
      const json = JSON.stringify(Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b))));
      if (keep(item, json)) items.set(keyOf(item), json);
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Keys added, removed or changed between two snapshots. */
export function changedKeys(before: Map<string, string>, after: Map<string, string>): string[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys].filter((key) => before.get(key) !== after.get(key)).sort();
}

/** A snapshot of the items that mention any of the ids (their keys, lists or owners). */
export const snapshotMentioning = (uuids: readonly string[]) =>
  snapshotTable((_, json) => uuids.some((uuid) => json.includes(uuid)));

/** The items of a snapshot that mention any of the ids: snapshotMentioning's answer, taken from a wider snapshot. */
export const onlyMentioning = (snapshot: Map<string, string>, uuids: readonly string[]) =>
  new Map([...snapshot].filter(([, json]) => uuids.some((uuid) => json.includes(uuid))));
