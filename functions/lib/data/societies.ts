import type { CURRENCIES } from '../../../shared/contracts/fields';
import { dynamo } from '../aws/dynamo';
import { GetCommand } from '../aws/dynamo-commands';
import { config } from '../config';
import { putEntry, readDirectories, removeEntry } from './directory';
import { normalizeSearch, searchText, uniqueEntries } from './list-index';
import { phoneDisplayAttribute, splitPhoneDisplay, type WithPhoneDisplay } from './phone-display';
import { type Directory, directories, keys } from './table';
import type { TxWrite } from './transact';
import { markerOwner } from './writes';

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
 * The directory writes of a society created (no before), edited or moved (both) or deleted (no after), for the same
 * transaction as the society's own write.
 */
export function societyListingWrites(before: SocietyRecord | undefined, after: SocietyRecord | undefined): TxWrite[] {
  const kept = after ? societyDirectories(after) : [];
  const left = before ? societyDirectories(before).filter((d) => !kept.some((k) => k.partition === d.partition)) : [];
  const uuid = (after ?? before)?.uuid as string;
  return [
    ...left.map((d) => removeEntry(d, uuid)),
    ...(after ? kept.map((d) => putEntry(d, uuid, societyEntry(after))) : []),
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

export const rutKey = (rut: string) => keys.unique('RUT', rut);

/** The society holding a canonical RUT, if any (one GetItem on its marker). */
export const societyOfRut = (rut: string) => markerOwner(rutKey(rut));

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
