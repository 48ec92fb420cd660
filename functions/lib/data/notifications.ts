import { dynamo } from '../aws/dynamo';
import { UpdateCommand } from '../aws/dynamo-commands';
import { config } from '../config';
import { readDirectories } from './directory';
import { documentFeedOf, FEED_VERSION, type FeedEntry, groupDocumentFeedOf } from './document-feeds';
import { getItems } from './list-index';
import { type Directory, type Entry, keys } from './table';

/**
 * Notifications 'Archivo añadido' (portal §2 top bar, §7 Notifications) are read, not fanned out: a user's
 * notifications are the feeds it watches (documents.ts writes each new document into its society's feed and its
 * group's feed, so a group-level user reads one feed per group whatever the group's size), and its read state is one item under the user: `read_before` (all read up to then) and the ids read since.
 */
const readStateKey = (user: string) => ({ pk: `USER#${user}`, sk: 'NOTIFICATIONS' });

export interface ReadState {
  read_before: string | null;
  read_ids: Set<string>;
}

/** Which feeds a user reads: its societies' own, or its groups' (each entry names its society). */
export interface WatchedFeeds {
  societies: string[];
  groups: string[];
}

/**
 * The entries of the watched feeds, each with its society, and the user's read state, in one BatchGet while the keys
 * stay within 100 (a society feed is 8 keys, a group feed 16), in parallel BatchGets beyond.
 */
export async function feedsAndReadState(
  user: string,
  watched: WatchedFeeds,
): Promise<{ entries: Array<Entry<FeedEntry> & { society: string }>; state: ReadState }> {
  const feeds: Directory[] = [...watched.societies.map(documentFeedOf), ...watched.groups.map(groupDocumentFeedOf)];
  const out = await readDirectories<FeedEntry>(feeds, [readStateKey(user)]);
  const entries = out.entries.flatMap((list, index) =>
    list.flatMap((e) => {
      if (e.id === FEED_VERSION) return [];
      const society = index < watched.societies.length ? watched.societies[index] : e.value.s;
      return society ? [{ ...e, society }] : [];
    }),
  );
  const item = out.extra[0];
  const ids = item?.read_ids as Set<string> | string[] | undefined;
  return {
    entries,
    state: { read_before: (item?.read_before as string | undefined) ?? null, read_ids: new Set(ids ?? []) },
  };
}

/** The groups holding the given societies (their items, in parallel BatchGets of 100). */
export async function groupsOfSocieties(societies: string[]): Promise<string[]> {
  const items = await getItems<{ group_uuid: string }>(societies.map(keys.society));
  return [...new Set(items.map((s) => s.group_uuid))];
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
