import type { MfaPolicy } from '../../../shared/second-factor';
import { dynamo } from '../aws/dynamo';
import { GetCommand } from '../aws/dynamo-commands';
import { config } from '../config';
import { putEntry, readDirectories, removeEntry } from './directory';
import { getItems, normalizeSearch, searchText } from './list-index';
import { phoneDisplayAttribute, splitPhoneDisplay, type WithPhoneDisplay } from './phone-display';
import { directories, type Entry, keys, normalizePortalUrl } from './table';
import type { TxWrite } from './tx-write';

/** A project as stored (admin-area §3), with its branding and counters. Files are S3 keys. */
export interface ProjectRecord {
  uuid: string;
  project_name: string;
  client_name: string;
  associated_service_description: string;
  service_description: string;
  admin: string[];
  meta_title: string;
  meta_content: string;
  url_own_site: string | null;
  custom_portal_url: string | null;
  header_title: string | null;
  subtitle: string | null;
  footer_disclaimer: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  primary_color: string;
  secondary_color: string;
  image: string | null;
  logo: string | null;
  icon: string | null;
  enable: boolean;
  created: string;
  updated: string;
  version: number;
  /** Number of groups in the project. */
  groups: number;
  society_quantity: number;
  /** For whom the firm makes the second factor mandatory (functions/lib/auth/second-factor.ts); absent: nobody. */
  mfa_policy?: MfaPolicy;
  /** Microsoft sign-in (shared/microsoft.ts): '' or absent off, the firm's Entra ID tenant id, or 'ANY'. */
  microsoft_tenant?: string;
  /** A Microsoft sign-in also asks the second factor's code (of those who have one or must enrol). */
  microsoft_second_factor?: boolean;
}

/**
 * The stored item: the record under its own key, with its phone's display form (phone-display.ts; listed through
 * projectListingWrites).
 */
export function projectItem(project: ProjectRecord) {
  return { ...keys.project(project.uuid), ...project, ...phoneDisplayAttribute(project.contact_phone) };
}

/** A project's listing entry: created, enable, display name, normalised name (order), search text (name, client). */
export interface ProjectEntry {
  c: string;
  e: boolean;
  n: string;
  k: string;
  s: string;
}

export const projectEntry = (project: ProjectRecord): ProjectEntry => ({
  c: project.created,
  e: project.enable,
  n: project.project_name,
  k: normalizeSearch(project.project_name),
  s: searchText(project.project_name, project.client_name),
});

export function projectListingWrites(project: ProjectRecord, deleted = false): TxWrite[] {
  const directory = directories.projects();
  return [deleted ? removeEntry(directory, project.uuid) : putEntry(directory, project.uuid, projectEntry(project))];
}

/** Every project's entry (SUPER_ADMIN's lists), in one call. */
export async function readProjectEntries() {
  return (await readDirectories<ProjectEntry>([directories.projects()])).entries.flat();
}

/** The entries of the given projects (a PROJECT_ADMIN's own), read by key in one call: its pickers need no directory. */
export async function projectEntriesByUuid(uuids: string[]): Promise<Array<Entry<ProjectEntry>>> {
  const projects = await getItems<ProjectRecord>(uuids.map((uuid) => keys.project(uuid)));
  return projects.map((project) => ({ id: project.uuid, value: projectEntry(project) }));
}

export const projectNameKey = (name: string) => keys.unique('PROJECT_NAME', normalizeSearch(name));
export const portalUrlKey = (url: string) => keys.unique('PORTAL_URL', normalizePortalUrl(url));
/** A PROJECT_ADMIN administers one project at most: this marker names it. */
export const projectAdminKey = (userUuid: string) => keys.unique('PROJECT_ADMIN', userUuid);

export async function getProject(uuid: string): Promise<ProjectRecord | undefined> {
  return (await getProjectWithPhone(uuid))?.record;
}

/** A project and its contact phone as shown (the detail PDF), in the same read. */
export async function getProjectWithPhone(uuid: string): Promise<WithPhoneDisplay<ProjectRecord> | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: config.tableName, Key: keys.project(uuid), ConsistentRead: true }),
  );
  return Item && splitPhoneDisplay<ProjectRecord>(Item, 'contact_phone');
}

/** The project whose custom_portal_url matches, through its uniqueness marker (no index, no scan). */
export async function getProjectByPortalUrl(url: string): Promise<ProjectRecord | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: config.tableName, Key: portalUrlKey(url), ProjectionExpression: 'owner_uuid' }),
  );
  return Item ? getProject(Item.owner_uuid as string) : undefined;
}
