import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  type _Record,
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  ExpiredIteratorException,
  GetRecordsCommand,
  type GetRecordsCommandOutput,
  GetShardIteratorCommand,
  type Shard,
} from '@aws-sdk/client-dynamodb-streams';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { inject } from 'vitest';

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

const keyOf = (item: Item) => `${item.pk} ${item.sk}${item.entry === undefined ? '' : ` ${item.entry}`}`;

/**
 * A listing directory shard (`DIR#…`, functions/lib/data/directory.ts) holds one attribute per listed entity, and
 * every file's entities share the shards: each entry is compared as an item of its own, so a parallel file's new
 * entry in the same shard is not taken for a change made by this file's request.
 */
function directoryEntries(item: Item): Item[] {
  const sk = String(item.sk);
  // Counters, order layouts and bucket counts (order-buckets.ts) are items of their own.
  if (String(item.pk).startsWith('LIST#') && !/^(COUNT|BCOUNT|BUCKETS)#/.test(sk)) {
    // A sorted index row (functions/lib/data/sorted-index.ts) is its entry listed in one order, under a key that holds
    // the entry's value: compared by order and id, so a row whose key moves with its value (an edit's `updated`) is
    // one entry changed, as in a directory; its value is the entry itself.
    const id = sk.slice(Math.max(sk.lastIndexOf('#'), sk.lastIndexOf('\u0001')) + 1);
    return [{ pk: item.pk, sk: sk.slice(0, sk.indexOf('#')), entry: id, value: JSON.parse(String(item.v)) }];
  }
  if (!String(item.pk).startsWith('DIR#')) return [item];
  return Object.entries(item)
    .filter(([name]) => name !== 'pk' && name !== 'sk')
    .map(([entry, value]) => ({ pk: item.pk, sk: item.sk, entry, value }));
}

/** Sets compare by their members (JSON would write every Set as {}). */
const setsAsLists = (_: string, value: unknown) => (value instanceof Set ? [...value].sort() : value);

/**
 * One item as what a comparison sees: nothing for bookkeeping, else each key (a directory shard's entries apart) with
 * its value as JSON with sorted attributes. Snapshots and change watches (table-changes.ts) both read items this way.
 */
export function comparableEntries(item: Item): Map<string, string> {
  const entries = new Map<string, string>();
  for (const entry of directoryEntries(item)) {
    if (isBookkeeping(entry)) continue;
    const sorted = Object.fromEntries(Object.entries(entry).sort(([a], [b]) => a.localeCompare(b)));
    entries.set(keyOf(entry), JSON.stringify(sorted, setsAsLists));
  }
  return entries;
}

/** Keys added, removed or changed between two snapshots. */
export function changedKeys(before: Map<string, string>, after: Map<string, string>): string[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys].filter((key) => before.get(key) !== after.get(key)).sort();
}

/** The entries that mention any of the ids (their keys, lists or owners). */
export const onlyMentioning = (entries: Map<string, string>, uuids: readonly string[]) =>
  new Map([...entries].filter(([, json]) => uuids.some((uuid) => json.includes(uuid))));

/**
 * What requests wrote, read from the test table's change stream (local/bootstrap.ts `changeStream`) rather than from
 * a Scan of the whole table before and after: the cost follows the writes made meanwhile, not the table's size, which
 * the large-import tests grow to tens of megabytes while the fuzz and matrix files check hundreds of requests.
 *
 * DynamoDB Streams write no record for a write that changes nothing (measured on DynamoDB Local as on AWS), and each
 * record carries the item's old and new image; a watch keeps, per key, the first old image and the last new one, in
 * the comparable form of comparableEntries, so `changedKeys(before, after)` lists what changed.
 * Every file writes to the same table meanwhile: callers filter what concerns them, as they did with snapshots.
 */
export interface Changes {
  /** Each changed key's value before the watch began (absent: the item did not exist). */
  before: Map<string, string>;
  /** Each changed key's value now (absent: the item is gone). */
  after: Map<string, string>;
}

export interface TableWatch {
  /** The changes since the watch began; the watch ends. */
  changes(): Promise<Changes>;
}

interface OpenWatch {
  seen: Set<string>;
  changes: Changes;
}

let clients: { streams: DynamoDBStreamsClient; streamArn: string } | undefined;
/** Where reading goes on, per shard: the next iterator and the last sequence number read (to renew an expired one). */
const shards = new Map<string, { iterator?: string; lastSequence?: string }>();
const active = new Set<OpenWatch>();

async function streamAccess() {
  if (clients) return clients;
  const env = inject('portal').env;
  const config = {
    region: env.AWS_REGION,
    endpoint: env.AWS_ENDPOINT_URL_DYNAMODB,
    credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID as string, secretAccessKey: env.AWS_SECRET_ACCESS_KEY as string },
  };
  const table = await new DynamoDBClient(config).send(new DescribeTableCommand({ TableName: env.TABLE_NAME }));
  const streamArn = table.Table?.LatestStreamArn;
  if (!streamArn) throw new Error('the test table has no change stream (local/bootstrap.ts changeStream)');
  clients = { streams: new DynamoDBStreamsClient(config), streamArn };
  return clients;
}

async function listShards(): Promise<Shard[]> {
  const { streams, streamArn } = await streamAccess();
  const found: Shard[] = [];
  let start: string | undefined;
  do {
    const page = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: start }));
    found.push(...(page.StreamDescription?.Shards ?? []));
    start = page.StreamDescription?.LastEvaluatedShardId;
  } while (start);
  return found;
}

async function iteratorAt(shardId: string, type: 'LATEST' | 'TRIM_HORIZON' | 'AFTER_SEQUENCE_NUMBER', seq?: string) {
  const { streams, streamArn } = await streamAccess();
  const answer = await streams.send(
    new GetShardIteratorCommand({
      StreamArn: streamArn,
      ShardId: shardId,
      ShardIteratorType: type,
      SequenceNumber: seq,
    }),
  );
  return answer.ShardIterator;
}

/** Starts reading at the stream's end: every open shard from its latest record on; closed ones are done. */
async function startAtEnd() {
  shards.clear();
  for (const shard of await listShards()) {
    const id = shard.ShardId as string;
    const open = !shard.SequenceNumberRange?.EndingSequenceNumber;
    shards.set(id, { iterator: open ? await iteratorAt(id, 'LATEST') : undefined });
  }
}

function record(watch: OpenWatch, change: _Record) {
  const image = (side: 'OldImage' | 'NewImage') => {
    const raw = change.dynamodb?.[side];
    return raw ? comparableEntries(unmarshall(raw as never)) : new Map<string, string>();
  };
  const [before, after] = [image('OldImage'), image('NewImage')];
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    if (!watch.seen.has(key)) {
      watch.seen.add(key);
      const old = before.get(key);
      if (old !== undefined) watch.changes.before.set(key, old);
    }
    const now = after.get(key);
    if (now === undefined) watch.changes.after.delete(key);
    else watch.changes.after.set(key, now);
  }
}

/** Reads every record written since the last read, into every open watch. */
async function drain() {
  const { streams } = await streamAccess();
  // A shard born since the start (a split) holds only records written since: read it from its beginning.
  for (const shard of await listShards()) {
    const id = shard.ShardId as string;
    if (!shards.has(id)) shards.set(id, { iterator: await iteratorAt(id, 'TRIM_HORIZON') });
  }
  for (const [id, position] of shards) {
    while (position.iterator) {
      let page: GetRecordsCommandOutput;
      try {
        page = await streams.send(new GetRecordsCommand({ ShardIterator: position.iterator, Limit: 1000 }));
      } catch (error) {
        if (!(error instanceof ExpiredIteratorException)) throw error;
        position.iterator = await iteratorAt(
          id,
          position.lastSequence ? 'AFTER_SEQUENCE_NUMBER' : 'LATEST',
          position.lastSequence,
        );
        continue;
      }
      const records = page.Records ?? [];
      for (const change of records) for (const watch of active) record(watch, change);
      position.lastSequence = records.at(-1)?.dynamodb?.SequenceNumber ?? position.lastSequence;
      position.iterator = page.NextShardIterator;
      if (records.length === 0) break;
    }
  }
}

/** Begins a watch: what is written from now on (by anyone) will be in its changes. */
export async function watchTable(): Promise<TableWatch> {
  if (active.size === 0) await startAtEnd();
  else await drain();
  const watch: OpenWatch = { seen: new Set(), changes: { before: new Map(), after: new Map() } };
  active.add(watch);
  return {
    async changes() {
      await drain();
      active.delete(watch);
      return watch.changes;
    },
  };
}
