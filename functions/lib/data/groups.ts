import { dynamo } from '../aws/dynamo';
import { GetCommand } from '../aws/dynamo-commands';
import { config } from '../config';
import { putEntry, readDirectories, removeEntry } from './directory';
import { getItems, normalizeSearch, uniqueEntries } from './list-index';
import { type Indexed, indexWrites } from './sorted-index';
import { type Directory, directories, type Entry, keys, recordOf } from './table';
import type { TxWrite } from './tx-write';

/** A society group as stored (admin-area §3). admin: GROUP_ADMIN uuids; user: USER_GROUP uuids. */
export interface GroupRecord {
  uuid: string;
  group_name: string;
  group_description: string;
  project_uuid: string;
  admin: string[];
  user: string[];
  primary_color: string;
  enable: boolean;
  created: string;
  updated: string;
  version: number;
  society_quantity: number;
}

/** The stored item: the record under its own key (its lists are directory entries, groupListingWrites). */
export function groupItem(group: GroupRecord) {
  return { ...keys.group(group.uuid), ...group };
}

/** A group's listing entry: updated, enable, display name, normalised name (search and order), project. */
export interface GroupEntry {
  u: string;
  e: boolean;
  n: string;
  s: string;
  p: string;
}

export const groupEntry = (group: GroupRecord): GroupEntry => ({
  u: group.updated,
  e: group.enable,
  n: group.group_name,
  s: normalizeSearch(group.group_name),
  p: group.project_uuid,
});

const groupDirectories = (group: Pick<GroupRecord, 'project_uuid'>) => [
  directories.groups(),
  directories.groupsOfProject(group.project_uuid),
];

/**
 * The orders of a group's sorted index rows (sorted-index.ts), the list's orderings (admin-area §3): `U` by `updated`,
 * `N` by the normalised name (whose prefixes a search by name reads too), `E` by enable ('1' or '0').
 */
export const GROUP_ORDERS = { updated: 'U', name: 'N', enabled: 'E' } as const;

/** A group's index rows, from its listing entry (so a backfill builds them from the directory alone). */
export const groupIndexedOfEntry = (id: string, entry: GroupEntry): Indexed => ({
  id,
  entry,
  values: [
    { order: GROUP_ORDERS.updated, value: entry.u, ordered: true },
    { order: GROUP_ORDERS.name, value: entry.s, ordered: true },
    { order: GROUP_ORDERS.enabled, value: entry.e ? '1' : '0', ordered: true },
  ],
});

const groupIndexed = (group: GroupRecord) => groupIndexedOfEntry(group.uuid, groupEntry(group));

/**
 * The listing writes of a group created (no before), edited (both; a group stays in its project) or deleted (no
 * after), for the same transaction as the group's own write: its directory entries, its index rows and counts.
 */
export function groupListingWrites(before: GroupRecord | undefined, after: GroupRecord | undefined): TxWrite[] {
  const group = (after ?? before) as GroupRecord;
  return groupDirectories(group).flatMap((d) => [
    after ? putEntry(d, group.uuid, groupEntry(after)) : removeEntry(d, group.uuid),
    ...indexWrites(d, before && groupIndexed(before), after && groupIndexed(after)),
  ]);
}

/** Every listing partition of groups: everyone's and each project's (read from the projects' directory). */
export async function groupPartitions(): Promise<Directory[]> {
  const [projects = []] = (await readDirectories([directories.projects()])).entries;
  return [directories.groups(), ...projects.map((e) => directories.groupsOfProject(e.id))];
}

/** Group entries of directories, once each, and extra items read in the same call. */
export async function readGroupEntries(list: Directory[], extra: Array<{ pk: string; sk: string }> = []) {
  const out = await readDirectories<GroupEntry>(list, extra);
  return { entries: uniqueEntries(out.entries.flat()), extra: out.extra };
}

export const groupsOfProject = (project: string) => directories.groupsOfProject(project);
export const allGroups = () => directories.groups();

/** The entries of the given groups (a member's own), read by key in one call. */
export async function groupEntriesByUuid(uuids: string[]): Promise<Array<Entry<GroupEntry>>> {
  const groups = await getItems<GroupRecord>(uuids.map((uuid) => keys.group(uuid)));
  return groups.map((group) => ({ id: group.uuid, value: groupEntry(group) }));
}

/** Group names are unique within their project. */
export const groupNameKey = (projectUuid: string, name: string) =>
  keys.unique('GROUP_NAME', `${projectUuid}#${normalizeSearch(name)}`);

export async function getGroup(uuid: string): Promise<GroupRecord | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: config.tableName, Key: keys.group(uuid), ConsistentRead: true }),
  );
  return recordOf<GroupRecord>(Item);
}
