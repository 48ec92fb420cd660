import { randomUUID } from 'node:crypto';
import type { z } from 'zod/mini';
import type { messageSchema, threadSchema } from '../../shared/contracts/messages';
import { REQUEST_ITEM_THREADS_MAX } from '../../shared/contracts/requests';
import type { Caller } from '../lib/auth/caller';
import { config } from '../lib/config';
import { auditWrite } from '../lib/data/audit';
import type { GroupRecord } from '../lib/data/groups';
import { batchGet } from '../lib/data/list-index';
import {
  AttachmentTaken,
  appendMessage,
  getAttachmentClaim,
  getMessage,
  getThreadRecord,
  type MessageAttachment,
  type MessageRecord,
  type Person,
  putNewThread,
  type Side,
  ThreadMoved,
  type ThreadRecord,
} from '../lib/data/messages';
import type { ProjectRecord } from '../lib/data/projects';
import { getRequestRecord, linkThreadWrites, RequestMoved, type RequestRecord } from '../lib/data/requests';
import { getSociety, type SocietyRecord } from '../lib/data/societies';
import { keys, nowIso } from '../lib/data/table';
import { isAdmin } from '../lib/document-access';
import { ApiError, conflict, fieldErrors, notFound } from '../lib/errors';
import { societyInScope } from '../lib/scope';
import { landAttachments } from './attachments';

/**
 * Who writes in a society's threads: admins within scope (the firm's side) and the society's client users
 * (USER_SOCIETY of it, USER_GROUP of its group). Anyone else gets 404, as if the society or thread did not exist.
 */
type Place = Pick<SocietyRecord, 'uuid' | 'group_uuid' | 'project_uuid'>;

export function takesPart(caller: Caller, place: Place): boolean {
  if (isAdmin(caller)) return societyInScope(caller, place);
  if (caller.role === 'USER_GROUP') return caller.user.group_uuids.includes(place.group_uuid);
  if (caller.role === 'USER_SOCIETY') return caller.user.society_uuids.includes(place.uuid);
  return false;
}

export const sideOf = (caller: Caller): Side => (isAdmin(caller) ? 'FIRM' : 'CLIENT');
const personOf = (caller: Caller): Person => ({
  uuid: caller.user.uuid,
  first_name: caller.user.first_name,
  last_name: caller.user.last_name,
});

/** The society with its group and project (one batch), if the caller takes part in its conversation; else 404. */
export async function requireSocietyPlace(caller: Caller, uuid: string): Promise<SocietyRecord> {
  const society = await getSociety(uuid);
  if (!society || !takesPart(caller, society)) throw notFound();
  return society;
}

/**
 * Who is told of a message: the society's client users, its group's admins and users, its project's admins and the
 * staff who wrote in the thread, but not its author; at most MAX_RECIPIENTS (one transaction).
 */
export async function recipientsOf(place: Place, thread: ThreadRecord | undefined, author: string): Promise<string[]> {
  const society = keys.society(place.uuid);
  const group = keys.group(place.group_uuid);
  const project = keys.project(place.project_uuid);
  const found = await batchGet([society, group, project]);
  const at = (k: { pk: string; sk: string }) => found.get(`${k.pk}|${k.sk}`);
  return recipientsFrom(
    at(society) as Partial<SocietyRecord> | undefined,
    at(group) as Partial<GroupRecord> | undefined,
    at(project) as Partial<ProjectRecord> | undefined,
    thread,
    author,
  );
}

/** The same from the records already read (the notice job reads them for many threads at once). */
export function recipientsFrom(
  s: Partial<SocietyRecord> | undefined,
  g: Partial<GroupRecord> | undefined,
  p: Partial<ProjectRecord> | undefined,
  thread: Pick<ThreadRecord, 'participants'> | undefined,
  author: string,
): string[] {
  const everyone = [
    ...(s?.user ?? []),
    ...(g?.user ?? []),
    ...(thread?.participants ?? []),
    ...(g?.admin ?? []),
    ...(p?.admin ?? []),
  ];
  return [...new Set(everyone)].filter((user) => user !== author);
}

const EXCERPT = 140;
const excerpt = (body: string) => (body.length > EXCERPT ? `${body.slice(0, EXCERPT - 1)}…` : body);

export type ThreadView = z.output<typeof threadSchema>;
export type MessageView = z.output<typeof messageSchema>;

export const threadView = (t: ThreadRecord, unread: number): ThreadView => ({
  uuid: t.uuid,
  society: t.society_uuid,
  subject: t.subject,
  created: t.created,
  updated: t.updated,
  created_by: t.created_by,
  message_count: t.message_count,
  last: t.last,
  unread,
  request_item: t.request_item ?? null,
});

export const messageView = (m: MessageRecord): MessageView => ({
  uuid: m.uuid,
  thread: m.thread,
  created: m.created,
  side: m.side,
  author: m.author,
  body: m.body,
  attachments: m.attachments ?? [],
});

const takesPartIn = (caller: Caller, thread: ThreadRecord) =>
  takesPart(caller, { uuid: thread.society_uuid, group_uuid: thread.group_uuid, project_uuid: thread.project_uuid });

/** A thread the caller takes part in (through its society); else 404, whether or not it exists. */
export async function requireThread(caller: Caller, uuid: string): Promise<ThreadRecord> {
  const thread = await getThreadRecord(uuid);
  if (!thread || !takesPartIn(caller, thread)) throw notFound();
  return thread;
}

const newMessage = (caller: Caller, thread: string, body: string, attachments: MessageAttachment[]): MessageRecord => ({
  uuid: randomUUID(),
  thread,
  created: nowIso(),
  side: sideOf(caller),
  author: personOf(caller),
  body,
  ...(attachments.length > 0 && { attachments }),
});

/**
 * An attachment is already carried by a message: the caller's own message sent again (its answer lost) is answered
 * as it was; anyone else's answers as a missing upload.
 */
async function sentBefore(caller: Caller, error: AttachmentTaken): Promise<MessageRecord> {
  const claim = await getAttachmentClaim(error.document);
  const thread = claim && (await getThreadRecord(claim.thread));
  const made =
    claim && thread && takesPartIn(caller, thread) && (await getMessage(thread.uuid, claim.created, claim.message));
  if (made && made.author.uuid === caller.user.uuid) return made;
  throw fieldErrors({ attachments: ['UPLOAD_MISSING'] });
}

/** Staff who write join the thread's participants (clients are told through their memberships). */
const withParticipant = (participants: string[], caller: Caller) =>
  sideOf(caller) === 'FIRM' && !participants.includes(caller.user.uuid)
    ? [...participants, caller.user.uuid]
    : participants;

/**
 * The request item a new thread is about: a request of the same society (so within the caller's reach, as the society
 * is) holding that item; else 404, as if it did not exist. 409 when the item already lists its maximum of threads.
 */
async function requireLinkable(place: Place, link: { request: string; item: string }): Promise<RequestRecord> {
  const request = await getRequestRecord(link.request);
  const item = request?.society_uuid === place.uuid ? request.items.find((i) => i.uuid === link.item) : undefined;
  if (!request || !item) throw notFound();
  if ((item.threads ?? []).length >= REQUEST_ITEM_THREADS_MAX) throw new ApiError(409, 'REQUEST_ITEM_THREADS_FULL');
  return request;
}

export async function createThread(
  caller: Caller,
  societyUuid: string,
  input: { subject: string; body: string; attachments?: string[]; request_item?: { request: string; item: string } },
): Promise<ThreadView> {
  const place = await requireSocietyPlace(caller, societyUuid);
  const link = input.request_item;
  // Checked before the attachments land: a refused link writes nothing.
  let request = link && (await requireLinkable(place, link));
  const attachments = await landAttachments(caller, place, input.attachments);
  const uuid = randomUUID();
  const first = newMessage(caller, uuid, input.body, attachments);
  const linkedItem = link && request?.items.find((i) => i.uuid === link.item);
  const thread: ThreadRecord = {
    uuid,
    society_uuid: place.uuid,
    group_uuid: place.group_uuid,
    project_uuid: place.project_uuid,
    subject: input.subject,
    created: first.created,
    created_by: first.author,
    updated: first.created,
    message_count: 1,
    last: { excerpt: excerpt(first.body), side: first.side, author: first.author },
    participants: withParticipant([], caller),
    ...(request &&
      linkedItem && {
        request_item: { request: request.uuid, item: linkedItem.uuid, title: request.title, name: linkedItem.name },
      }),
    version: 1,
  };
  const recipients = await recipientsOf(place, thread, caller.user.uuid);
  const audit = auditWrite(
    config.tableName,
    caller,
    'CREATE',
    { type: 'thread', uuid },
    {
      society: [null, place.uuid],
      subject: [null, input.subject],
      ...(link && { request_item: [null, `${link.request}/${link.item}`] }),
    },
  );
  for (let attempt = 0; ; attempt += 1) {
    const linkWrites = link && request ? linkThreadWrites(request, link.item, { uuid, subject: input.subject }) : [];
    try {
      await putNewThread(thread, first, recipients, [audit, ...linkWrites]);
      return threadView(thread, 0);
    } catch (error) {
      if (error instanceof AttachmentTaken) {
        const made = await sentBefore(caller, error);
        const before = await getThreadRecord(made.thread);
        if (!before || before.created !== made.created) throw fieldErrors({ attachments: ['UPLOAD_MISSING'] });
        return threadView(before, 0);
      }
      // The request changed meanwhile (an upload, a review, another thread): read again, and its cap checked again.
      if (!(error instanceof RequestMoved) || !link) throw error;
      if (attempt >= 4) throw conflict('DATA_CONFLICT');
      request = await requireLinkable(place, link);
    }
  }
}

/** A message in a thread; a concurrent message moves the thread, and this one is written after it (a few tries). */
export async function postMessage(
  caller: Caller,
  uuid: string,
  body: string,
  uploads?: string[],
): Promise<MessageView> {
  const thread = await requireThread(caller, uuid);
  // The society's record only when files become its documents: a plain message costs what it did.
  const attachments = uploads?.length
    ? await landAttachments(caller, await requireSocietyPlace(caller, thread.society_uuid), uploads)
    : [];
  for (let attempt = 0; ; attempt += 1) {
    const before = attempt === 0 ? thread : await requireThread(caller, uuid);
    const message = newMessage(caller, uuid, body, attachments);
    // Keys order by time: a message never sorts before the one it answers, even with a clock behind.
    if (message.created <= before.updated) message.created = new Date(Date.parse(before.updated) + 1).toISOString();
    const after: ThreadRecord = {
      ...before,
      updated: message.created,
      message_count: before.message_count + 1,
      last: { excerpt: excerpt(body), side: message.side, author: message.author },
      participants: withParticipant(before.participants, caller),
      version: before.version + 1,
    };
    const place = { uuid: before.society_uuid, group_uuid: before.group_uuid, project_uuid: before.project_uuid };
    const recipients = await recipientsOf(place, before, caller.user.uuid);
    try {
      await appendMessage(before, after, message, recipients);
      return messageView(message);
    } catch (error) {
      if (error instanceof AttachmentTaken) {
        const made = await sentBefore(caller, error);
        if (made.thread !== uuid) throw fieldErrors({ attachments: ['UPLOAD_MISSING'] });
        return messageView(made);
      }
      if (!(error instanceof ThreadMoved)) throw error;
      if (attempt >= 4) throw conflict('DATA_CONFLICT');
    }
  }
}
