import { nowMs } from '../clock';
import { TABLE_DESIGN } from './table-design';

/**
 * The single table's key shapes, in one place (docs/data-model.md lists the access patterns).
 * Every item has pk and sk; expiring items carry expires_at (epoch seconds, the table's TTL attribute), and readers
 * check it themselves since DynamoDB deletes late. Lists read listing directories (directory.ts), named below.
 */

export const keys = {
  user: (uuid: string) => ({ pk: `USER#${uuid}`, sk: 'USER' }),
  project: (uuid: string) => ({ pk: `PROJECT#${uuid}`, sk: 'PROJECT' }),
  group: (uuid: string) => ({ pk: `GROUP#${uuid}`, sk: 'GROUP' }),
  society: (uuid: string) => ({ pk: `SOCIETY#${uuid}`, sk: 'SOCIETY' }),
  /** Marker items that make a value unique across the table (written in the same transaction as their owner). */
  unique: (
    kind: 'EMAIL' | 'PORTAL_URL' | 'PROJECT_NAME' | 'PROJECT_ADMIN' | 'GROUP_NAME' | 'RUT' | 'SOCIETY_RUT' | 'INDUSTRY',
    value: string,
  ) => ({
    pk: `UNIQUE#${kind}#${value}`,
    sk: 'UNIQUE',
  }),
  invitation: (uuid: string) => ({ pk: `INVITATION#${uuid}`, sk: 'INVITATION' }),
  industry: (uuid: string) => ({ pk: 'INDUSTRIES', sk: `INDUSTRY#${uuid}` }),
  throttle: (kind: string, email: string) => ({ pk: `THROTTLE#${kind}#${email}`, sk: 'THROTTLE' }),
  /** Refused sign-ins of an e-mail that has no account, kept under the address for the audit. */
  unknownEmailLog: (email: string, at: string, id: string) => ({ pk: `EMAIL#${email}`, sk: `LOG#SESSION#${at}#${id}` }),
  userLog: (userUuid: string, kind: 'SESSION' | 'BROWSING', at: string, id: string) => ({
    pk: `USER#${userUuid}`,
    sk: `LOG#${kind}#${at}#${id}`,
  }),
  /** One indicator's value on one day (indicators.ts): the partition is the indicator's history. */
  indicator: (code: string, day: string) => ({ pk: `INDICATOR#${code}`, sk: `DAY#${day}` }),
};

/** A listing directory: its partition name and its fixed number of shards (directory.ts). */
export interface Directory {
  partition: string;
  shards: number;
}

/** The listing partitions a caller reads or assigns from (scope.ts): every one, or its projects' and groups'. */
export type Partitions = { projects: string[]; groups: string[] } | 'all';

/** A directory entry read back: its id and its decoded value. */
export interface Entry<T> {
  id: string;
  value: T;
}

/**
 * Shards per directory: table-wide and project-wide lists may hold tens of thousands of entries (64 shards of at most
 * 400 KB each); a group's fewer; a society's users a handful. docs/data-model.md has the sizes.
 */
const SHARDS = { wide: 64, group: 32, society: 8 } as const;
const wide = (partition: string): Directory => ({ partition, shards: SHARDS.wide });

/** Every listing partition of the table. */
export const directories = {
  projects: () => wide('PROJECTS'),
  groups: () => wide('GROUPS'),
  groupsOfProject: (project: string) => wide(`PROJECT#${project}#GROUPS`),
  societies: () => wide('SOCIETIES'),
  societiesOfProject: (project: string) => wide(`PROJECT#${project}#SOCIETIES`),
  societiesOfGroup: (group: string): Directory => ({ partition: `GROUP#${group}#SOCIETIES`, shards: SHARDS.group }),
  users: () => wide('USERS'),
  usersOfProject: (project: string) => wide(`PROJECT#${project}#USERS`),
  usersOfGroup: (group: string): Directory => ({ partition: `GROUP#${group}#USERS`, shards: SHARDS.group }),
  usersOfSociety: (society: string): Directory => ({
    partition: `SOCIETY#${society}#USERS`,
    shards: SHARDS.society,
  }),
  invitations: () => wide('INVITATIONS'),
  invitationsOfProject: (project: string) => wide(`PROJECT#${project}#INVITATIONS`),
};

export const nowIso = () => new Date(nowMs()).toISOString();
export const epochSeconds = (ms = nowMs()) => Math.floor(ms / 1000);

/** Normalises a portal URL for lookups: lower case, no trailing slash. */
export function normalizePortalUrl(url: string): string {
  return url.trim().toLowerCase().replace(/\/+$/, '');
}

/** The display form of a phone, stored beside it on project and society items (phone-display.ts). */
export const PHONE_DISPLAY = 'phone_display';

/**
 * What an item carries for the table and never for its record: its keys, the keys and list attributes of the listing
 * indexes of the first design (items written before the listing directories still hold them; no writer
 * adds them now), and a phone's stored display form.
 */
const INDEX_KEYS = TABLE_DESIGN.indexes.flatMap((index) => [index.partitionKey, index.sortKey]);
const LEGACY_LIST_ATTRIBUTES = ['search_text', 'name_sort', 'last_name_sort'] as const;
const BOOKKEEPING = new Set<string>([
  TABLE_DESIGN.partitionKey,
  TABLE_DESIGN.sortKey,
  ...INDEX_KEYS,
  ...LEGACY_LIST_ATTRIBUTES,
  PHONE_DISPLAY,
]);
export type Bookkeeping =
  | 'pk'
  | 'sk'
  | (typeof INDEX_KEYS)[number]
  | (typeof LEGACY_LIST_ATTRIBUTES)[number]
  | typeof PHONE_DISPLAY;

/**
 * An item as its record: without the table's bookkeeping. Every reader of records applies it (records are spread
 * into answers, which AWS sends unchecked against their contracts: http-handler.ts), so keys never leave this folder.
 */
export function strip<T extends Record<string, unknown>>(item: T): Omit<T, Bookkeeping> {
  const record: Record<string, unknown> = {};
  for (const name in item) if (!BOOKKEEPING.has(name)) record[name] = item[name];
  return record as Omit<T, Bookkeeping>;
}

/** A stored item read by key, as its record (undefined when there is none). */
export const recordOf = <T>(item: Record<string, unknown> | undefined): T | undefined =>
  item && (strip(item) as unknown as T);
