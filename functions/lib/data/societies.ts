import type { CURRENCIES } from '../../../shared/contracts/fields';
import { dynamo } from '../aws/dynamo';
import { GetCommand } from '../aws/dynamo-commands';
import { config } from '../config';
import type { ApiError } from '../errors';
import { putEntry, readDirectories, removeEntry } from './directory';
import { normalizeSearch, searchText, uniqueEntries } from './list-index';
import { phoneDisplayAttribute, splitPhoneDisplay, type WithPhoneDisplay } from './phone-display';
import { counterCounts, type Indexed, indexRowItems, indexWrites } from './sorted-index';
import { type Directory, directories, keys } from './table';
import type { TxWrite } from './tx-write';
import { checkWhen, deleteKey, deleteWhen, markerOwner, putNew } from './writes';

/** A society as stored (admin-area §3). user: USER_SOCIETY uuids. */
export interface SocietyRecord {
  uuid: string;
  society_business_name: string;
  society_rut: string | null;
  business_line: string;
  company_code: string;
  industry_uuid: string;
  society_email: string;
  currency: (typeof CURRENCIES)[number];
  group_uuid: string;
  project_uuid: string;
  user: string[];
  society_contact_name: string;
  society_phone_number: string;
  society_address: string | null;
  society_contact_email: string | null;
  tax_module: 'True' | 'False';
  enable: boolean;
  created: string;
  updated: string;
  version: number;
}

/**
 * The stored item: the record under its own key, with its phone's display form (phone-display.ts; its lists are
 * directory entries, societyListingWrites).
 */
export function societyItem(society: SocietyRecord) {
  return { ...keys.society(society.uuid), ...society, ...phoneDisplayAttribute(society.society_phone_number) };
}

/**
 * A society's listing entry: what the lists and pickers filter, sort, search and show without reading the society
 * (updated, enable, display name, RUT, search text, group, project, industry).
 */
export interface SocietyEntry {
  u: string;
  e: boolean;
  n: string;
  r: string | null;
  s: string;
  g: string;
  p: string;
  i: string;
}

export function societyEntry(society: SocietyRecord): SocietyEntry {
  return {
    u: society.updated,
    e: society.enable,
    n: society.society_business_name,
    r: society.society_rut,
    s: searchText(society.society_business_name, society.society_rut, society.company_code),
    g: society.group_uuid,
    p: society.project_uuid,
    i: society.industry_uuid,
  };
}

const societyDirectories = (s: Pick<SocietyRecord, 'project_uuid' | 'group_uuid'>) => [
  directories.societies(),
  directories.societiesOfProject(s.project_uuid),
  directories.societiesOfGroup(s.group_uuid),
];

/**
 * The orders of a society's sorted index rows (sorted-index.ts): `U` by `updated` (the list's one order, newest
 * first), `N` by its normalised name and `R` by its RUT, whose prefixes a search by name or RUT reads, and `P` by its
 * search text (normalised name, RUT, code), the society picker's order, read in pages.
 */
export const SOCIETY_ORDERS = { updated: 'U', name: 'N', rut: 'R', picker: 'P' } as const;

/** A society's index rows, from its listing entry (so a backfill builds them from the directory alone). */
export function societyIndexedOfEntry(id: string, entry: SocietyEntry): Indexed {
  return {
    id,
    entry,
    values: [
      { order: SOCIETY_ORDERS.updated, value: entry.u },
      { order: SOCIETY_ORDERS.name, value: normalizeSearch(entry.n) },
      ...(entry.r ? [{ order: SOCIETY_ORDERS.rut, value: entry.r }] : []),
      // The picker sorts by the whole search text, then id, as it did in memory: its rows' id follows a TIE.
      { order: SOCIETY_ORDERS.picker, value: entry.s, ordered: true },
    ],
  };
}

export const societyIndexed = (society: SocietyRecord): Indexed =>
  societyIndexedOfEntry(society.uuid, societyEntry(society));

/**
 * Bulk loads (a bench's thousands of societies written outside any transaction): the sorted index rows of every
 * partition the societies are listed in, and how much each counter item grows.
 */
export function societyIndexLoad(societies: SocietyRecord[]) {
  const byPartition = new Map<string, { directory: Directory; ids: string[]; rows: Array<Record<string, unknown>> }>();
  for (const society of societies) {
    for (const directory of societyDirectories(society)) {
      const part = byPartition.get(directory.partition) ?? { directory, ids: [], rows: [] };
      part.ids.push(society.uuid);
      part.rows.push(...indexRowItems(directory, societyIndexed(society)));
      byPartition.set(directory.partition, part);
    }
  }
  const parts = [...byPartition.values()];
  return {
    rows: parts.flatMap((p) => p.rows),
    counters: parts.flatMap((p) => counterCounts(p.directory, p.ids)).filter((c) => c.n > 0),
  };
}

/** Every listing partition of societies: everyone's, each project's and each group's (read from their directories). */
export async function societyPartitions(): Promise<Directory[]> {
  const [projects = [], groups = []] = (await readDirectories([directories.projects(), directories.groups()])).entries;
  return [
    directories.societies(),
    ...projects.map((e) => directories.societiesOfProject(e.id)),
    ...groups.map((e) => directories.societiesOfGroup(e.id)),
  ];
}

/**
 * The listing writes of a society created (no before), edited or moved (both) or deleted (no after), for the same
 * transaction as the society's own write: its entries in the directories, and its sorted index rows and counts.
 */
export function societyListingWrites(before: SocietyRecord | undefined, after: SocietyRecord | undefined): TxWrite[] {
  const kept = after ? societyDirectories(after) : [];
  const had = before ? societyDirectories(before) : [];
  const left = had.filter((d) => !kept.some((k) => k.partition === d.partition));
  const uuid = (after ?? before)?.uuid as string;
  const wasIn = (d: Directory) => had.some((h) => h.partition === d.partition);
  return [
    ...left.map((d) => removeEntry(d, uuid)),
    ...(after ? kept.map((d) => putEntry(d, uuid, societyEntry(after))) : []),
    ...left.flatMap((d) => indexWrites(d, before && societyIndexed(before), undefined)),
    ...kept.flatMap((d) =>
      indexWrites(d, before && wasIn(d) ? societyIndexed(before) : undefined, after && societyIndexed(after)),
    ),
  ];
}

/** Society entries of directories, once each, and extra items read in the same call. */
export async function readSocietyEntries(list: Directory[], extra: Array<{ pk: string; sk: string }> = []) {
  const out = await readDirectories<SocietyEntry>(list, extra);
  return { entries: uniqueEntries(out.entries.flat()), extra: out.extra };
}

export const societiesOfGroup = (group: string) => directories.societiesOfGroup(group);
export const societiesOfProject = (project: string) => directories.societiesOfProject(project);
export const allSocieties = () => directories.societies();

/**
 * A RUT is unique within a project (one society per RUT per firm; several firms may serve one company): the marker
 * names both, and is written in the same transaction as the society.
 */
export const rutKey = (project: string, rut: string) => keys.unique('SOCIETY_RUT', `${project}#${rut}`);

/**
 * The marker of a RUT from when RUTs were unique portal-wide (owner_uuid, no project). Never written now, still read
 * until `society-rut-backfill.ts` has moved a table's markers to rutKey: a society holding only this marker holds its
 * RUT in its own project alone.
 */
export const legacyRutKey = (rut: string) => keys.unique('RUT', rut);

type RutHolder = Pick<SocietyRecord, 'uuid' | 'project_uuid' | 'society_rut'>;

/** The society of a legacy marker, if it still holds that RUT (its project says where). */
async function legacyHolder(rut: string): Promise<RutHolder | undefined> {
  const owner = await markerOwner(legacyRutKey(rut));
  if (!owner) return undefined;
  const { Item } = await dynamo.send(
    new GetCommand({
      TableName: config.tableName,
      Key: keys.society(owner),
      ConsistentRead: true,
      ProjectionExpression: '#uuid, project_uuid, society_rut',
      ExpressionAttributeNames: { '#uuid': 'uuid' },
    }),
  );
  return Item?.society_rut === rut ? (Item as RutHolder) : undefined;
}

/** The society of this project holding a canonical RUT, if any (its marker; a legacy one in a table not backfilled). */
export async function societyOfRut(project: string, rut: string): Promise<string | undefined> {
  const [owner, legacy] = await Promise.all([markerOwner(rutKey(project, rut)), legacyHolder(rut)]);
  return owner ?? (legacy?.project_uuid === project ? legacy.uuid : undefined);
}

/**
 * The writes that give a society its RUT in its project, failing with `onTaken` if the project has it: the marker, and
 * while a legacy marker names another society, a check that this one is not of the same project with that RUT.
 */
export async function claimRutWrites(society: RutHolder, onTaken: () => ApiError): Promise<TxWrite[]> {
  const rut = society.society_rut;
  if (!rut) return [];
  const owner = await markerOwner(legacyRutKey(rut));
  return [
    putNew({ ...rutKey(society.project_uuid, rut), owner_uuid: society.uuid }, onTaken),
    ...(owner && owner !== society.uuid
      ? [
          checkWhen(
            keys.society(owner),
            {
              expression: 'attribute_not_exists(pk) OR project_uuid <> :project OR society_rut <> :rut',
              values: { ':project': society.project_uuid, ':rut': rut },
            },
            onTaken,
          ),
        ]
      : []),
  ];
}

/** The writes that take a society's RUT back from its project: its marker, and a legacy marker it still owns. */
export async function releaseRutWrites(society: RutHolder): Promise<TxWrite[]> {
  const rut = society.society_rut;
  if (!rut) return [];
  const owner = await markerOwner(legacyRutKey(rut));
  return [
    deleteKey(rutKey(society.project_uuid, rut)),
    ...(owner === society.uuid
      ? [
          deleteWhen(legacyRutKey(rut), {
            expression: 'owner_uuid = :owner',
            values: { ':owner': society.uuid },
          }),
        ]
      : []),
  ];
}

export async function getSociety(uuid: string): Promise<SocietyRecord | undefined> {
  return (await getSocietyWithPhone(uuid))?.record;
}

/** A society and its phone as shown (the detail PDF), in the same read. */
export async function getSocietyWithPhone(uuid: string): Promise<WithPhoneDisplay<SocietyRecord> | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: config.tableName, Key: keys.society(uuid), ConsistentRead: true }),
  );
  return Item && splitPhoneDisplay<SocietyRecord>(Item, 'society_phone_number');
}

/** An industry (admin-area §3): position 0 is the default one, which cannot be renamed or deleted. */
export interface IndustryRecord {
  uuid: string;
  industry: string;
  position: number;
  society_quantity: number;
  created: string;
}

export const industryNameKey = (name: string) => keys.unique('INDUSTRY', normalizeSearch(name));
