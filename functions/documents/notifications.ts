import type { Caller } from '../lib/auth/caller';
import { feedsAndReadState, markAllRead, markOneRead } from '../lib/data/notifications';
import { readSocietyEntries, societiesOfGroup } from '../lib/data/societies';
import { nowIso } from '../lib/data/table';
import { splitExtension } from './documents';

/** Feeds read at most (a BatchGet takes 100 keys; a feed has 8 shards). */
const MAX_SOCIETIES = 12;

/**
 * Whose new documents a user is told about (portal §2 top bar): the societies it sees as a reader. USER_SOCIETY its
 * societies; USER_GROUP and GROUP_ADMIN the societies of their groups. Project and super admins upload documents
 * rather than wait for them, and see none here. A user without `user_documentation` has no document screens, so none.
 */
async function watchedSocieties(caller: Caller): Promise<string[]> {
  if (caller.role === 'USER_SOCIETY') return caller.user.user_documentation ? caller.user.society_uuids : [];
  if (caller.role === 'USER_GROUP' && !caller.user.user_documentation) return [];
  if (caller.role !== 'USER_GROUP' && caller.role !== 'GROUP_ADMIN') return [];
  const { entries } = await readSocietyEntries(caller.user.group_uuids.map(societiesOfGroup));
  return entries.map((e) => e.id);
}

export async function notificationsOf(caller: Caller, offset: number, limit: number) {
  const societies = (await watchedSocieties(caller)).slice(0, MAX_SOCIETIES);
  if (societies.length === 0) return { count: 0, unread: 0, results: [] };
  const { entries, state } = await feedsAndReadState(caller.user.uuid, societies);
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
