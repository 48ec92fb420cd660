import { randomUUID } from 'node:crypto';
import type { AwsError } from '../aws/aws-client';
import { dynamo } from '../aws/dynamo';
import { GetCommand, PutCommand, UpdateCommand } from '../aws/dynamo-commands';
import { config } from '../config';
import { putEntry, readDirectories, removeEntry } from './directory';
import { getItems } from './list-index';
import { type Directory, type Entry, recordOf } from './table';
import type { TxWrite } from './tx-write';
import { putNew } from './writes';

/**
 * Share links (portal §2 "Sharing"; design/documents.md): the token is 256 random bits shown once; only its
 * SHA-256 is stored, as the key. `expires_at` (epoch seconds) is also the TTL, but DynamoDB deletes late, so every
 * read compares it with now. A document's links are listed from a small directory; each link's id maps to its hash.
 * `created_by` names the maker, whose access every use and every listing checks again.
 */
export interface ShareLinkRecord {
  uuid: string;
  token_hash: string;
  document_uuid: string;
  created_by: string;
  created: string;
  /** Epoch seconds. */
  expires_at: number;
  /** Set when revoked; absent while the link lives. */
  revoked_at?: string;
  use_count: number;
  last_used_at: string | null;
}

const shareKey = (hash: string) => ({ pk: `SHARE#${hash}`, sk: 'SHARE' });
const shareIdKey = (uuid: string) => ({ pk: `SHARELINK#${uuid}`, sk: 'SHARELINK' });
const sharesOfDocument = (document: string): Directory => ({ partition: `DOCUMENT#${document}#SHARES`, shards: 1 });
const shareLogKey = (hash: string, at: string, id: string) => ({ pk: `SHARE#${hash}`, sk: `LOG#${at}#${id}` });

/** A link's entry under its document: its hash and expiry. */
interface ShareEntry {
  h: string;
  e: number;
}

/**
 * A new link, and the removal of the given entries (links of the document that expired: the list shows unexpired
 * links only, so the directory holds at most the links of the last 30 days).
 */
export function shareLinkCreateWrites(link: ShareLinkRecord, expiredIds: string[] = []): TxWrite[] {
  return [
    putNew({ ...shareKey(link.token_hash), ...link }),
    putNew({
      ...shareIdKey(link.uuid),
      token_hash: link.token_hash,
      document_uuid: link.document_uuid,
      expires_at: link.expires_at,
    }),
    putEntry(sharesOfDocument(link.document_uuid), link.uuid, {
      h: link.token_hash,
      e: link.expires_at,
    } satisfies ShareEntry),
    ...expiredIds.map((id) => removeEntry(sharesOfDocument(link.document_uuid), id)),
  ];
}

/** The ids of a document's links that expired by `nowSeconds` (one read of its small directory). */
export async function expiredShareLinkIds(document: string, nowSeconds: number): Promise<string[]> {
  const { entries } = await readDirectories<ShareEntry>([sharesOfDocument(document)]);
  return entries.flat().flatMap((entry) => (entry.value.e <= nowSeconds ? [entry.id] : []));
}

export async function getShareLinkByHash(hash: string): Promise<ShareLinkRecord | undefined> {
  const { Item } = await dynamo.send(new GetCommand({ TableName: config.tableName, Key: shareKey(hash) }));
  return recordOf<ShareLinkRecord>(Item);
}

export async function getShareLinkById(uuid: string): Promise<ShareLinkRecord | undefined> {
  const { Item } = await dynamo.send(new GetCommand({ TableName: config.tableName, Key: shareIdKey(uuid) }));
  return Item ? getShareLinkByHash(Item.token_hash as string) : undefined;
}

/** A document's links (live and not), in one directory read and one BatchGet. */
export async function shareLinksOf(document: string): Promise<ShareLinkRecord[]> {
  const { entries } = await readDirectories<ShareEntry>([sharesOfDocument(document)]);
  const list: Array<Entry<ShareEntry>> = entries.flat();
  return getItems<ShareLinkRecord>(list.map((e) => shareKey(e.value.h)));
}

/**
 * Revocation keeps the item (its log and counts stay) and its entry: the document's list shows it as revoked until it
 * expires. Revoking again changes nothing.
 */
export async function revokeShareLinkRecord(link: ShareLinkRecord, at: string): Promise<void> {
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: shareKey(link.token_hash),
        UpdateExpression: 'SET revoked_at = :at',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(revoked_at)',
        ExpressionAttributeValues: { ':at': at },
      }),
    );
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
}

/**
 * Counts a use, only while the link is live at `nowSeconds` and not revoked (checked by the write itself). The write
 * carries this use's marker and refuses to apply twice: a retry whose earlier attempt landed (its answer lost) fails
 * its condition, finds the marker, and the use counts once.
 */
export async function countShareUse(hash: string, at: string, nowSeconds: number): Promise<boolean> {
  const use = randomUUID();
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: shareKey(hash),
        UpdateExpression: 'ADD use_count :one SET last_used_at = :at, last_use = :use',
        ConditionExpression:
          'attribute_exists(pk) AND expires_at > :now AND attribute_not_exists(revoked_at) AND NOT last_use = :use',
        ExpressionAttributeValues: { ':one': 1, ':at': at, ':now': nowSeconds, ':use': use },
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    if (((error as AwsError).$metadata?.attempts ?? 1) === 1) return false;
    const { Item } = await dynamo.send(
      new GetCommand({ TableName: config.tableName, Key: shareKey(hash), ConsistentRead: true }),
    );
    return Item?.last_use === use;
  }
}

/** Every attempt on a known link, allowed or refused, with its time, address and outcome (kept with the link). */
export async function logShareUse(
  hash: string,
  entry: { at: string; id: string; outcome: string; ip: string | undefined; expires_at: number },
): Promise<void> {
  await dynamo.send(
    new PutCommand({
      TableName: config.tableName,
      Item: {
        ...shareLogKey(hash, entry.at, entry.id),
        outcome: entry.outcome,
        ip: entry.ip ?? null,
        expires_at: entry.expires_at,
      },
    }),
  );
}
