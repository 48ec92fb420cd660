import type { Caller } from '../lib/auth/caller';
import { getItems } from '../lib/data/list-index';
import {
  feedsAndReadState,
  groupsOfSocieties,
  markAllRead,
  markOneRead,
  type WatchedFeeds,
} from '../lib/data/notifications';
import { keys, nowIso } from '../lib/data/table';
import { documentationProjects } from '../lib/data/user-documentation';
import { splitExtension } from './documents';

/** Society feeds read directly while they fit one BatchGet with the read state (8 keys each, 100 a call). */
const DIRECT_SOCIETY_FEEDS = 12;

/**
 * The caller's societies or groups that lie in a firm which opened its documents to it (`user_documentation` is per
 * firm). Only a user some of whose firms did and some did not pays one read to learn which are which.
 */
async function opened(caller: Caller, kind: 'society' | 'group', uuids: string[]): Promise<string[]> {
  const open = documentationProjects(caller.user);
  if (open.length === 0) return [];
  const projects = caller.user.project_uuids;
  if (projects.length > 0 && projects.every((p) => open.includes(p))) return uuids;
  const items = await getItems<{ uuid: string; project_uuid: string }>(uuids.map((u) => keys[kind](u)));
  return items.filter((i) => open.includes(i.project_uuid)).map((i) => i.uuid);
}

/**
 * Which feeds tell a user of new documents (portal §2 top bar), and which societies' entries it may see. USER_SOCIETY:
 * its societies only (not their sibling societies): their own feeds, or, past what one BatchGet takes, their groups'
 * feeds filtered to them. USER_GROUP and GROUP_ADMIN: their groups' feeds (one per group, whatever its size). Project
 * and super admins upload documents rather than wait for them, and see none here. A user sees only the societies and
 * groups of the firms that opened their documents to it (`user_documentation`), and none without any.
 */
async function watchedFeeds(caller: Caller): Promise<{ feeds: WatchedFeeds; only?: Set<string> }> {
  const none = { feeds: { societies: [], groups: [] } };
  if (caller.role === 'USER_SOCIETY') {
    const societies = await opened(caller, 'society', caller.user.society_uuids);
    if (societies.length === 0) return none;
    if (societies.length <= DIRECT_SOCIETY_FEEDS) return { feeds: { societies, groups: [] } };
    return { feeds: { societies: [], groups: await groupsOfSocieties(societies) }, only: new Set(societies) };
  }
  if (caller.role === 'USER_GROUP') {
    return { feeds: { societies: [], groups: await opened(caller, 'group', caller.user.group_uuids) } };
  }
  if (caller.role !== 'GROUP_ADMIN') return none;
  return { feeds: { societies: [], groups: caller.user.group_uuids } };
}

export async function notificationsOf(caller: Caller, offset: number, limit: number) {
  const { feeds, only } = await watchedFeeds(caller);
  if (feeds.societies.length === 0 && feeds.groups.length === 0) return { count: 0, unread: 0, results: [] };
  const read = await feedsAndReadState(caller.user.uuid, feeds);
  const entries = only ? read.entries.filter((e) => only.has(e.society)) : read.entries;
  const state = read.state;
  const isRead = (id: string, created: string) =>
    state.read_ids.has(id) || (state.read_before !== null && created <= state.read_before);
  const sorted = entries.sort((a, b) =>
    a.value.c < b.value.c ? 1 : a.value.c > b.value.c ? -1 : a.id < b.id ? 1 : -1,
  );
  return {
    count: sorted.length,
    unread: sorted.filter((e) => !isRead(e.id, e.value.c)).length,
    results: sorted.slice(offset, offset + limit).map((e) => {
      const tax = e.value.f.startsWith('TAX#') ? e.value.f.split('#') : null;
      return {
        uuid: e.id,
        title: 'Archivo añadido',
        document_name: splitExtension(e.value.n).base,
        folder: {
          uuid: tax ? null : e.value.f,
          society: e.society,
          form: tax ? (tax[1] as string) : null,
          year: tax ? Number(tax[2]) : null,
        },
        created: e.value.c,
        read: isRead(e.id, e.value.c),
      };
    }),
  };
}

export async function markRead(caller: Caller, uuid: string | undefined) {
  if (uuid) await markOneRead(caller.user.uuid, uuid);
  else await markAllRead(caller.user.uuid, nowIso());
  return { detail: 'Notificaciones leídas' };
}
