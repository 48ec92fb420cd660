import type { z } from 'zod/mini';
import type { BodyOf, QueryOf } from '../../shared/contracts/define';
import type {
  createRequest as createRequestContract,
  listRequests as listRequestsContract,
  requestSchema,
  requestSummarySchema,
} from '../../shared/contracts/requests';
import { chileDay } from '../../shared/tax-calendar/rules';
import type { Caller } from '../lib/auth/caller';
import { nowMs } from '../lib/clock';
import { config } from '../lib/config';
import { auditWrite, type Changes } from '../lib/data/audit';
import { readDirectories } from '../lib/data/directory';
import { getTemplate, templatesOf } from '../lib/data/folders';
import { getGroup } from '../lib/data/groups';
import { getProject } from '../lib/data/projects';
import { getRequestTemplate } from '../lib/data/request-templates';
import {
  countsOf,
  createRequestsForSocieties,
  getRequestRecord,
  type Level,
  listPartition,
  newRequestRecords,
  type Person,
  type RequestItemRecord,
  type RequestRecord,
  type RequestRow,
  type RequestState,
  requestRowPage,
  updateRequest,
  withRequestRetries,
} from '../lib/data/requests';
import { getSociety, type SocietyEntry, societiesOfGroup, societiesOfProject } from '../lib/data/societies';
import { nowIso } from '../lib/data/table';
import type { TxWrite } from '../lib/data/tx-write';
import { isAdmin } from '../lib/document-access';
import { ApiError, fieldErrors, notFound } from '../lib/errors';
import { groupInScope, projectInScope, societyInScope } from '../lib/scope';
import { queueRequestMails } from './request-mails';
import { keptFiles, landRequestFiles } from './template-files';

/**
 * Document requests ('Solicitudes', an addition beyond the spec: README). Who reaches a request: admins within scope
 * of its society (the firm's side: they also review and cancel) and the society's client users (USER_SOCIETY of it,
 * USER_GROUP of its group: they read, upload and answer 'no aplica'). Anyone else gets 404, as if it did not exist.
 */
type Place = { uuid: string; group_uuid: string; project_uuid: string };

export function reaches(caller: Caller, place: Place): boolean {
  if (isAdmin(caller)) return societyInScope(caller, place);
  if (caller.role === 'USER_GROUP') return caller.user.group_uuids.includes(place.group_uuid);
  if (caller.role === 'USER_SOCIETY') return caller.user.society_uuids.includes(place.uuid);
  return false;
}

export const personOf = (caller: Caller): Person => ({
  uuid: caller.user.uuid,
  first_name: caller.user.first_name,
  last_name: caller.user.last_name,
});

/** Today in Chile: due dates are Chilean days. */
export const today = () => chileDay(nowMs());

/** A request the caller reaches; else 404, whether or not it exists. */
export async function requireRequest(caller: Caller, uuid: string): Promise<RequestRecord> {
  const request = await getRequestRecord(uuid);
  const place = request && {
    uuid: request.society_uuid,
    group_uuid: request.group_uuid,
    project_uuid: request.project_uuid,
  };
  if (!request || !place || !reaches(caller, place)) throw notFound();
  return request;
}

/** A request's item by uuid; 404 when the request holds none of that uuid. */
export function requireItem(request: RequestRecord, uuid: string): RequestItemRecord {
  const item = request.items.find((i) => i.uuid === uuid);
  if (!item) throw notFound();
  return item;
}

/** 409 for a change to a request that is complete or cancelled, or to an item already accepted. */
export function requireOpen(request: RequestRecord, item?: RequestItemRecord) {
  if (request.state !== 'OPEN') throw new ApiError(409, 'REQUEST_CLOSED');
  if (item?.state === 'ACCEPTED') throw new ApiError(409, 'REQUEST_ITEM_ACCEPTED');
}

export type RequestView = z.output<typeof requestSchema>;
export type RequestSummaryView = z.output<typeof requestSummarySchema>;

type BoardState = RequestSummaryView['board_state'];

/** Where an open request stands today: late, something answered, or nothing yet; otherwise its state. */
export function boardStateOf(r: { state: RequestState; due_date: string; counts: { answered: number } }, day: string) {
  if (r.state !== 'OPEN') return r.state as BoardState;
  if (r.due_date < day) return 'OVERDUE';
  return r.counts.answered > 0 ? 'PARTIAL' : 'DUE';
}

export function summaryView(r: RequestRow, day = today()): RequestSummaryView {
  return {
    uuid: r.uuid,
    title: r.title,
    society: { uuid: r.society_uuid, name: r.society_name },
    group: r.group_uuid,
    project: r.project_uuid,
    template: r.template,
    period: r.period,
    due_date: r.due_date,
    state: r.state,
    board_state: boardStateOf(r, day),
    counts: r.counts,
    created: r.created,
    updated: r.updated,
  };
}

export function requestView(r: RequestRecord, day = today()): RequestView {
  const { items, reminders, created_by, origin, ...rest } = r;
  return {
    ...summaryView({ ...rest, counts: countsOf(items), template_uuid: r.template?.uuid ?? null }, day),
    folder: r.folder,
    reminders,
    items: items.map((i) => ({
      uuid: i.uuid,
      name: i.name,
      note: i.note,
      // The file's name and size only: it is downloaded by the item, never by its uuid.
      template_file: i.template_file ? { file_name: i.template_file.file_name, size: i.template_file.size } : null,
      state: i.state,
      documents: i.documents,
      history: i.history,
      threads: i.threads ?? [],
    })),
    created_by,
  };
}

/** The audit entry of a change of a request (its writes' own transaction). */
export const requestAudit = (caller: Caller, uuid: string, changes: Changes, action: 'CREATE' | 'UPDATE' = 'UPDATE') =>
  auditWrite(config.tableName, caller, action, { type: 'request', uuid }, changes);

/**
 * A change of one request, read and written again when another write moved it meanwhile: `change` answers the new
 * record and the writes beside it (an audit entry), or throws the change's refusal.
 */
export async function changeRequest(
  caller: Caller,
  uuid: string,
  change: (before: RequestRecord) => { after: RequestRecord; extra: TxWrite[] },
): Promise<{ before: RequestRecord; after: RequestRecord }> {
  return withRequestRetries(async () => {
    const before = await requireRequest(caller, uuid);
    const { after, extra } = change(before);
    await updateRequest(before, after, extra);
    return { before, after };
  });
}

/** The item's new state and event, the request's counts following (complete once every item is accepted). */
export function withItem(
  before: RequestRecord,
  itemUuid: string,
  update: (item: RequestItemRecord) => RequestItemRecord,
): RequestRecord {
  const items = before.items.map((i) => (i.uuid === itemUuid ? update(i) : i));
  const complete = items.every((i) => i.state === 'ACCEPTED');
  return {
    ...before,
    items,
    state: complete ? 'COMPLETE' : before.state,
    remind_day: complete ? null : before.remind_day,
    updated: nowIso(),
    version: before.version + 1,
  };
}

// Creating requests.

type CreateBody = BodyOf<typeof createRequestContract>;
type SocietyPlace = { uuid: string; name: string; group_uuid: string; project_uuid: string };

/** The societies a target names, once its scope is checked (404 outside it): one, a group's or a project's. */
async function targetSocieties(
  caller: Caller,
  target: CreateBody['target'],
): Promise<{ project: string; societies: SocietyPlace[] }> {
  const live = (entries: Array<{ id: string; value: SocietyEntry }>) =>
    entries
      .filter((e) => e.value.e !== false)
      .map((e) => ({ uuid: e.id, name: e.value.n, group_uuid: e.value.g, project_uuid: e.value.p }));
  if (target.kind === 'SOCIETY') {
    const society = await getSociety(target.uuid);
    if (!society || !societyInScope(caller, society)) throw notFound();
    return {
      project: society.project_uuid,
      societies: [
        {
          uuid: society.uuid,
          name: society.society_business_name,
          group_uuid: society.group_uuid,
          project_uuid: society.project_uuid,
        },
      ],
    };
  }
  if (target.kind === 'GROUP') {
    const group = await getGroup(target.uuid);
    if (!group || !groupInScope(caller, group)) throw notFound();
    const { entries } = await readDirectories<SocietyEntry>([societiesOfGroup(group.uuid)]);
    return { project: group.project_uuid, societies: live(entries.flat()) };
  }
  if (!projectInScope(caller, target.uuid)) throw notFound();
  const project = await getProject(target.uuid);
  if (!project) throw notFound();
  const { entries } = await readDirectories<SocietyEntry>([societiesOfProject(project.uuid)]);
  return { project: project.uuid, societies: live(entries.flat()) };
}

/** The folder the files land in: the one asked for (of the project, else 400), or the project's first. */
async function folderOf(project: string, asked: string | null | undefined) {
  if (asked) {
    const template = await getTemplate(asked);
    if (!template || template.project_uuid !== project) throw fieldErrors({ folder: ['FORMAT_ERROR'] });
    return { uuid: template.uuid, name: template.folder_name };
  }
  const templates = await templatesOf(project);
  const first = [...templates].sort(
    (a, b) =>
      Number(a.main_folder !== null) - Number(b.main_folder !== null) ||
      a.folder_name.localeCompare(b.folder_name, 'es'),
  )[0];
  return first ? { uuid: first.uuid, name: first.folder_name } : null;
}

/**
 * A template named by a request: its uuid and name, and the folder it sends files to; one of another project (or none
 * of that uuid) is refused as a wrong value of the field.
 */
async function templateOf(
  project: string,
  uuid: string | undefined,
): Promise<{ ref: { uuid: string; name: string }; folder: string | null; files: ReadonlySet<string> } | null> {
  if (!uuid) return null;
  const template = await getRequestTemplate(uuid);
  if (!template || template.project_uuid !== project) throw fieldErrors({ template: ['FORMAT_ERROR'] });
  return {
    ref: { uuid: template.uuid, name: template.name },
    folder: template.folder,
    files: keptFiles(template.items),
  };
}

export async function createRequests(caller: Caller, body: CreateBody) {
  const { project, societies } = await targetSocieties(caller, body.target);
  const template = await templateOf(project, body.template);
  const folder = await folderOf(project, body.folder ?? template?.folder ?? null);
  // Last of the checks, first of the writes: every named file checked, then landed once for all the societies.
  const files = await landRequestFiles(caller, project, body.items, template?.files);
  const records = newRequestRecords({
    origin: { batch: body.batch },
    societies,
    title: body.title,
    template: template?.ref ?? null,
    period: null,
    folder,
    due_date: body.due_date,
    items: body.items.map((i) => ({
      name: i.name,
      note: i.note ?? null,
      template_file: i.template_file ? (files.get(i.template_file) ?? null) : null,
    })),
    reminders: body.reminders,
    created_by: personOf(caller),
    now: nowIso(),
    today: today(),
  });
  const { created } = await createRequestsForSocieties(records, (r) => [
    requestAudit(
      caller,
      r.uuid,
      {
        society: [null, r.society_uuid],
        title: [null, r.title],
        due_date: [null, r.due_date],
        items: [null, r.items.map((i) => i.name)],
      },
      'CREATE',
    ),
  ]);
  await queueRequestMails(created.map((r) => ({ request: r.uuid, event: 'CREATED' as const })));
  const day = today();
  return {
    created: created.length,
    results: created
      .map((r) => requestView(r, day))
      .map(({ folder, reminders, items, created_by, ...summary }) => summary),
  };
}

// The board and the client's list.

type ListQuery = QueryOf<typeof listRequestsContract>;

/** More listing partitions than this in one page (a caller of many groups or societies): it names one. */
const MAX_PARTITIONS = 10;

/**
 * The listing partitions of a query, narrowest first, once its filters are checked against the caller's reach (404
 * outside it): a society's, a group's, or a project's; with no filter, the caller's own places (a PROJECT_ADMIN's
 * projects, a GROUP_ADMIN's groups, a client's societies or groups). Wider filters than the partition read become
 * conditions on its rows.
 */
async function partitionsOf(caller: Caller, query: ListQuery, bucket: RequestState) {
  const at = (level: Level, uuids: readonly string[]) => uuids.map((u) => listPartition(level, u, bucket));
  if (query.society) {
    const society = await getSociety(query.society);
    if (!society || !reaches(caller, society)) throw notFound();
    return { partitions: at('S', [society.uuid]), filters: {} };
  }
  if (query.group) {
    const group = await getGroup(query.group);
    if (!group) throw notFound();
    const reached = isAdmin(caller)
      ? groupInScope(caller, group)
      : caller.role === 'USER_GROUP' && caller.user.group_uuids.includes(group.uuid);
    if (reached) return { partitions: at('G', [group.uuid]), filters: {} };
    // A USER_SOCIETY's own societies of that group (a condition on their rows); anyone else: 404.
    if (caller.role !== 'USER_SOCIETY' || caller.user.society_uuids.length > MAX_PARTITIONS) throw notFound();
    return { partitions: at('S', caller.user.society_uuids), filters: { group: group.uuid } };
  }
  if (query.project && projectInScope(caller, query.project))
    return { partitions: at('P', [query.project]), filters: {} };
  const own =
    caller.role === 'SUPER_ADMIN'
      ? undefined
      : caller.role === 'PROJECT_ADMIN'
        ? at('P', caller.user.project_uuids)
        : caller.role === 'USER_SOCIETY'
          ? at('S', caller.user.society_uuids)
          : at('G', caller.user.group_uuids);
  if (!own) throw fieldErrors({ project: ['REQUIRED'] });
  if (own.length > MAX_PARTITIONS) throw fieldErrors({ project: ['REQUIRED'] });
  // A project asked of a caller who reaches only some of it: its own places there.
  if (query.project && caller.role === 'PROJECT_ADMIN') throw notFound();
  return { partitions: own, filters: query.project ? { project: query.project } : {} };
}

const BUCKET_OF: Record<ListQuery['state'], RequestState> = {
  OPEN: 'OPEN',
  DUE: 'OPEN',
  PARTIAL: 'OPEN',
  OVERDUE: 'OPEN',
  COMPLETE: 'COMPLETE',
  CANCELLED: 'CANCELLED',
};

/**
 * A page of the board (admins) or of a client's requests: one Query per partition (one for an admin's filter), its
 * state a range of the OPEN bucket (OVERDUE: due before today) or a condition on its rows (DUE: nothing answered,
 * PARTIAL: something), template and period conditions too; a page may come short, and `next` says there is more.
 */
export async function listRequests(caller: Caller, query: ListQuery) {
  const day = today();
  const { partitions, filters } = await partitionsOf(caller, query, BUCKET_OF[query.state]);
  const state = query.state;
  const page = await requestRowPage({
    partitions,
    due: state === 'OVERDUE' ? { before: day } : state === 'DUE' || state === 'PARTIAL' ? { from: day } : undefined,
    filters: {
      ...filters,
      ...(query.template && { template: query.template }),
      ...(query.period && { period: query.period }),
      ...(state === 'DUE' && { answered: 'NONE' as const }),
      ...(state === 'PARTIAL' && { answered: 'SOME' as const }),
    },
    limit: query.limit,
    cursor: query.cursor,
  });
  return { results: page.rows.map((r) => summaryView(r, day)), next: page.next };
}

// Changes of a request.

export async function cancelRequest(caller: Caller, uuid: string) {
  const { after } = await changeRequest(caller, uuid, (before) => {
    requireOpen(before);
    const after: RequestRecord = {
      ...before,
      state: 'CANCELLED',
      remind_day: null,
      updated: nowIso(),
      version: before.version + 1,
    };
    return { after, extra: [requestAudit(caller, uuid, { state: [before.state, after.state] })] };
  });
  return requestView(after);
}

export async function answerNotApplicable(caller: Caller, uuid: string, itemUuid: string, comment: string) {
  const at = nowIso();
  const { after } = await changeRequest(caller, uuid, (before) => {
    const item = requireItem(before, itemUuid);
    requireOpen(before, item);
    const after = withItem(before, itemUuid, (i) => ({
      ...i,
      state: 'NOT_APPLICABLE',
      history: [...i.history, { at, kind: 'NOT_APPLICABLE', by: personOf(caller), comment }],
    }));
    return {
      after,
      extra: [
        requestAudit(caller, uuid, { [`item ${itemUuid}`]: [item.state, 'NOT_APPLICABLE'], comment: [null, comment] }),
      ],
    };
  });
  return requestView(after);
}

/**
 * The firm's review of an answered item (delivered or 'no aplica'): ACCEPT, and the request is complete once every
 * item is; RETURN with a comment the client reads, and is mailed.
 */
export async function reviewItem(
  caller: Caller,
  uuid: string,
  itemUuid: string,
  body: { decision: 'ACCEPT' | 'RETURN'; comment?: string | null | undefined },
) {
  const comment = body.comment?.trim() ? body.comment.trim() : null;
  if (body.decision === 'RETURN' && !comment) throw fieldErrors({ comment: ['REQUIRED'] });
  const at = nowIso();
  const kind = body.decision === 'ACCEPT' ? 'ACCEPTED' : 'RETURNED';
  const { after } = await changeRequest(caller, uuid, (before) => {
    const item = requireItem(before, itemUuid);
    requireOpen(before, item);
    if (item.state !== 'DELIVERED' && item.state !== 'NOT_APPLICABLE')
      throw new ApiError(409, 'REQUEST_ITEM_NOT_ANSWERED');
    const after = withItem(before, itemUuid, (i) => ({
      ...i,
      state: kind,
      history: [...i.history, { at, kind, by: personOf(caller), comment }],
    }));
    const changes: Changes = { [`item ${itemUuid}`]: [item.state, kind], comment: [null, comment] };
    if (after.state !== before.state) changes.state = [before.state, after.state];
    return { after, extra: [requestAudit(caller, uuid, changes)] };
  });
  if (kind === 'RETURNED') await queueRequestMails([{ request: uuid, event: 'RETURNED', item: itemUuid, at }]);
  return requestView(after);
}
