import { ADMIN_ROLES } from '../../shared/roles';
import type { Caller } from './auth/caller';
import { type DocumentRecord, getDocument } from './data/documents';
import { getSociety, type SocietyRecord } from './data/societies';
import { hasDocumentation } from './data/user-documentation';
import { notFound } from './errors';
import { societyInScope } from './scope';

/**
 * Who sees which documents (portal §6): admins (SUPER_ADMIN, PROJECT_ADMIN, GROUP_ADMIN) the societies of
 * their scope; USER_GROUP the societies of its groups; USER_SOCIETY its own societies; a user who is not an admin only
 * while the society's project (firm) has opened its documents to it (`user_documentation`, kept per firm:
 * another firm's flag opens nothing here). Anything else answers 404, as if it did not exist.
 */
export const isAdmin = (caller: Caller) => ADMIN_ROLES.includes(caller.role);

export function societyVisible(caller: Caller, society: Pick<SocietyRecord, 'uuid' | 'group_uuid' | 'project_uuid'>) {
  if (isAdmin(caller)) return societyInScope(caller, society);
  if (!hasDocumentation(caller.user, society.project_uuid)) return false;
  if (caller.role === 'USER_GROUP') return caller.user.group_uuids.includes(society.group_uuid);
  return caller.user.society_uuids.includes(society.uuid);
}

/** A document the caller may open, download and share; 404 otherwise. */
export async function visibleDocument(caller: Caller, uuid: string): Promise<DocumentRecord> {
  const document = await getDocument(uuid);
  if (!document) throw notFound();
  const society = { uuid: document.society_uuid, group_uuid: document.group_uuid, project_uuid: document.project_uuid };
  if (!societyVisible(caller, society)) throw notFound();
  return document;
}

/** A document the caller may rename or delete (an admin within scope); 404 otherwise. */
export async function managedDocument(caller: Caller, uuid: string): Promise<DocumentRecord> {
  const document = await getDocument(uuid);
  if (!document || !isAdmin(caller)) throw notFound();
  if (!societyInScope(caller, { group_uuid: document.group_uuid, project_uuid: document.project_uuid })) {
    throw notFound();
  }
  return document;
}

/** A society the caller may read (admins within scope, users of it with documentation); 404 otherwise. */
export async function visibleSociety(caller: Caller, uuid: string): Promise<SocietyRecord> {
  const society = await getSociety(uuid);
  if (!society || !societyVisible(caller, society)) throw notFound();
  return society;
}

/** A society whose documents the caller manages (an admin within scope); 404 otherwise. */
export async function managedSociety(caller: Caller, uuid: string): Promise<SocietyRecord> {
  const society = await getSociety(uuid);
  if (!society || !isAdmin(caller) || !societyInScope(caller, society)) throw notFound();
  return society;
}
