import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/dynamo';
import { config } from '../config';
import { type Entry, readDirectories } from './directory';
import { documentFeedOf, type FeedEntry } from './documents';
import type { Directory } from './table';

/**
 * Notifications 'Archivo añadido' (portal §2 top bar, §7 Notifications; issue 10) are read, not fanned out: a user's
 * notifications are the feeds of the societies it sees (documents.ts writes each new document into its society's
 * feed), and its read state is one item under the user: `read_before` (all read up to then) and the ids read since.
 */
const readStateKey = (user: string) => ({ pk: `USER#${user}`, sk: 'NOTIFICATIONS' });

export interface ReadState {
  read_before: string | null;
  read_ids: Set<string>;
}

/**
 * The feeds of the given societies and the user's read state, in one BatchGet (plus `extra` directories, e.g. the
 * societies of a USER_GROUP's groups, when they are already known).
 */
export async function feedsAndReadState(
  user: string,
  societies: string[],
): Promise<{ entries: Array<Entry<FeedEntry> & { society: string }>; state: ReadState }> {
  const feeds: Directory[] = societies.map(documentFeedOf);
  const out = await readDirectories<FeedEntry>(feeds, [readStateKey(user)]);
  const entries = out.entries.flatMap((list, index) =>
    list.map((e) => ({ ...e, society: societies[index] as string })),
  );
  const item = out.extra[0];
  const ids = item?.read_ids as Set<string> | string[] | undefined;
  return {
    entries,
    state: { read_before: (item?.read_before as string | undefined) ?? null, read_ids: new Set(ids ?? []) },
  };
}

export async function markAllRead(user: string, at: string): Promise<void> {
  await dynamo.send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: readStateKey(user),
      UpdateExpression: 'SET read_before = :at REMOVE read_ids',
      ExpressionAttributeValues: { ':at': at },
    }),
  );
}

export async function markOneRead(user: string, id: string): Promise<void> {
  await dynamo.send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: readStateKey(user),
      UpdateExpression: 'ADD read_ids :id',
      ExpressionAttributeValues: { ':id': new Set([id]) },
    }),
  );
}
