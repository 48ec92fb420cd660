import { createHash } from 'node:crypto';
import type { SliceKey } from '../accounting/types';
import { dynamo } from '../aws/dynamo';
import { DeleteCommand, PutCommand, QueryCommand, UpdateCommand } from '../aws/dynamo-commands';
import { config } from '../config';
import { type ApiError, conflict } from '../errors';
import { logger } from '../logger';
import type { TxWrite } from './tx-write';

/**
 * Pending garbage (docs/decisions/multi-step-writes.md): a marker names what a write that spans stores (the table and
 * S3, Cognito, or many items of a ledger version) may leave behind if it stops halfway. It is written before the risky
 * step, or in the same transaction as the table's change, and removed once the work is done (or in the transaction
 * that makes the resources live). The sweeper (functions/maintenance/sweep-garbage.ts) queries the markers that are
 * due and finishes the work: everything a marker names is garbage, except ledger versions the pointer still uses.
 *
 * Markers sit in a few fixed partitions, sorted by the time they fall due, so the sweeper reads the due ones with a
 * Query per partition: never a Scan, and its reads grow with the garbage, not with the table.
 */
export const CLEANUP_SHARDS = 4;
/** How long a request's own clean-up has before the sweeper may act: far beyond the API's 29 s. */
export const REQUEST_GRACE_MS = 15 * 60_000;
/** Ledger imports run up to 15 minutes in their job (infra/constructs/accounting-import-job.ts), retried within an hour. */
export const IMPORT_GRACE_MS = 60 * 60_000;

export type Bucket = 'documents' | 'assets';

export interface Cleanup {
  /** Unique per write: `UPLOAD#<uuid>`, `DOCUMENT#<uuid>`, `USER#<uuid>`, `LEDGER#<society>#<version>`... */
  id: string;
  /** Epoch ms from which the sweeper may act. */
  due: number;
  /** Objects to delete. */
  objects?: Array<{ bucket: Bucket; key: string }>;
  /** Cognito identities (user names) to delete. */
  identities?: string[];
  /** A deleted report whose references (both copies of each pair) are still to remove. */
  reportReferences?: string;
  /** Ledger slice versions to delete unless the society's pointer still reads them (as current or retired). */
  ledger?: { society: string; versions: Array<{ slice: SliceKey; version: string }> };
  /** Set by the sweeper when it takes the marker: a write that would make its resources live then fails. */
  swept?: boolean;
}

/** A marker's id: the entity, its uuid and the write (`USER#<uuid>#DELETE`), unique per write. */
export const cleanupId = (
  entity: 'UPLOAD' | 'DOCUMENT' | 'USER' | 'PROJECT' | 'REPORT',
  uuid: string,
  step?: string,
) => (step ? `${entity}#${uuid}#${step}` : `${entity}#${uuid}`);

export interface CleanupKey {
  pk: string;
  sk: string;
}

const shardOf = (id: string) => createHash('sha256').update(id).digest().readUInt8(0) % CLEANUP_SHARDS;
const partition = (shard: number) => `CLEANUP#${shard}`;

export const cleanupKey = (c: Pick<Cleanup, 'id' | 'due'>): CleanupKey => ({
  pk: partition(shardOf(c.id)),
  sk: `${new Date(c.due).toISOString()}#${c.id}`,
});

const item = (c: Cleanup) => ({ ...cleanupKey(c), ...c });

/** The marker as a write of a transaction (the change that leaves the garbage and its marker land together). */
export const cleanupWrite = (c: Cleanup): TxWrite => ({
  write: { Put: { TableName: config.tableName, Item: item(c) } },
});

/** The marker alone, before a step that can leave garbage. */
export async function putCleanup(c: Cleanup): Promise<void> {
  await dynamo.send(new PutCommand({ TableName: config.tableName, Item: item(c) }));
}

/**
 * Removes the marker in the transaction that makes its resources live (a document's item, a user's record, a ledger
 * pointer): it fails when the sweeper has taken the marker meanwhile, so nothing live ever points at swept garbage.
 */
export const claimCleanupWrite = (c: Pick<Cleanup, 'id' | 'due'>, onSwept: () => ApiError): TxWrite => ({
  write: {
    Delete: {
      TableName: config.tableName,
      Key: cleanupKey(c),
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(swept)',
    },
  },
  onConditionFail: onSwept,
});

/** The same condition without removing the marker (the ledger keeps its until the old versions are gone too). */
export const cleanupNotSweptCheck = (c: Pick<Cleanup, 'id' | 'due'>): TxWrite => ({
  write: {
    ConditionCheck: {
      TableName: config.tableName,
      Key: cleanupKey(c),
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(swept)',
    },
  },
  onConditionFail: () => conflict('DATA_CONFLICT'),
});

/** The work is done: the marker goes. Removing one already gone is no error (a retry, or the sweeper was first). */
export async function removeCleanup(c: Pick<Cleanup, 'id' | 'due'>): Promise<void> {
  await dynamo.send(new DeleteCommand({ TableName: config.tableName, Key: cleanupKey(c) }));
}

/**
 * After the table's change has landed: the request does the marker's work itself (`work`: delete the objects, the
 * identity), then removes the marker. A failure here is logged and left to the sweeper, never answered as an error: the
 * change the caller asked for is made, and what is left is garbage the marker names.
 */
export async function settleCleanup(c: Pick<Cleanup, 'id' | 'due'>, work: () => Promise<unknown>): Promise<boolean> {
  try {
    await work();
    await removeCleanup(c);
    return true;
  } catch (error) {
    logger.warn('Clean-up left to the sweeper', { cleanup: c.id, reason: (error as Error).name });
    return false;
  }
}

/** One page of the markers of a partition that fell due before `now`, oldest first. */
export async function dueCleanups(
  shard: number,
  now: number,
  limit: number,
  start?: Record<string, unknown>,
): Promise<{ cleanups: Cleanup[]; next?: Record<string, unknown> }> {
  const out = await dynamo.send(
    new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: 'pk = :pk AND sk < :cut',
      ExpressionAttributeValues: { ':pk': partition(shard), ':cut': `${new Date(now).toISOString()}#` },
      Limit: limit,
      ConsistentRead: true,
      ExclusiveStartKey: start,
    }),
  );
  const cleanups = (out.Items ?? []).map(({ pk: _pk, sk: _sk, ...rest }) => rest as unknown as Cleanup);
  return { cleanups, next: out.LastEvaluatedKey };
}

/** The sweeper takes a marker before it acts: from then on the write it belongs to can no longer go live. */
export async function takeCleanup(c: Cleanup): Promise<boolean> {
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: cleanupKey(c),
        UpdateExpression: 'SET swept = :yes',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':yes': true },
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}
