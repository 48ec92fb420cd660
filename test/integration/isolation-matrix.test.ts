import { randomUUID } from 'node:crypto';
import { beforeAll, describe, type ExpectStatic, expect, test } from 'vitest';
import * as z from 'zod/mini';
import { derivedUuid } from '../../functions/lib/data/requests';
import * as accounting from '../../shared/contracts/accounting';
import { STATEMENT_FAMILIES } from '../../shared/contracts/accounting';
import { type Contract, defineContract, pathParamNames } from '../../shared/contracts/define';
import * as groups from '../../shared/contracts/groups';
import * as projects from '../../shared/contracts/projects';
import * as registration from '../../shared/contracts/registration';
import * as societies from '../../shared/contracts/societies';
import * as users from '../../shared/contracts/users';
import { call, signIn } from '../helpers/api';
import {
  bodyIdFields,
  familyOf,
  pathParamKind,
  queryIdFields,
  requiredQueryValues,
  sampleBody,
  shapeOf,
  unclassified,
} from '../helpers/contract-inputs';
import { createTestUser, itemExists } from '../helpers/db';
import { freshRut } from '../helpers/fresh';
import {
  admits,
  caseName,
  casesOf,
  entityKey,
  type IsolationCase,
  protectedContracts,
  SHARED_SOCIETY_FIELD_VALUES,
  type SharedCase,
  sharedCaseName,
  sharedCasesOf,
} from '../helpers/isolation-cases';
import { leakedIds, type RawAnswer, type RawRequest, send } from '../helpers/raw-http';
import { changedKeys, onlyMentioning, type TableWatch, watchTable } from '../helpers/table-changes';
import { foreignIds, outOfScope, worldIdsUnder } from '../helpers/tenant-scope';
import {
  buildWorld,
  CALLERS,
  KINDS_PER_TAG,
  type Kind,
  type SharedKind,
  TAGS,
  TENANT_KINDS,
  type TenantKind,
  type World,
} from '../helpers/tenant-world';
import { CHART_CSV, ledgerCsv, upload } from './accounting-helpers';

/**
 * "isolation matrix with data": every protected contract that takes an id or a filter is called by each
 * role of a world of its own with the ids of another project, of a sibling group and of a sibling society. The cases
 * come from the contract table (test/helpers/isolation-cases.ts), so a new contract is covered the day it is added;
 * a name the tables of test/helpers/contract-inputs.ts do not classify fails here. The role-only matrix
 * (authorization-matrix.test.ts) keeps proving 401/403; this one proves that scope checks hold on real data.
 */
let world: World;

beforeAll(async () => {
  world = await buildWorld();
}, 120_000);

const idOf = (c: IsolationCase) => world.ids[c.tag as keyof World['ids']][c.idKind as TenantKind][c.index] as string;

/** The statement family of an accounting contract (its `assignment` must be of that family), if it is one. */

/**
 * The caller's own id of a kind: the entity of the home tag (its society, group, project, a user of its society);
 * for a statement, the home society's assignment of that statement's family.
 */
function ownId(kind: Kind, list: boolean, contract?: Contract): string | string[] {
  const family = contract && familyOf(contract);
  const id =
    kind === 'industry'
      ? world.industry
      : kind === 'module'
        ? contract?.path.includes('/reports/')
          ? world.modules.report
          : world.modules.accounting
        : kind === 'assignment' && family
          ? world.statements[family]
          : (TENANT_KINDS as readonly string[]).includes(kind)
            ? (world.ids.home[kind as TenantKind][0] as string)
            : randomUUID();
  return list ? [id] : id;
}

/**
 * Demo accounts are shared with the other files, which may end their sessions: a case that meets a 401 signs its
 * caller in again, once. Read cases run side by side, so the cases of one caller that meet it share one sign-in.
 */
const renewals = new Map<string, Promise<string>>();
async function renewedToken(caller: World['callers'][number], stale: string): Promise<string> {
  const current = world.tokens.get(caller.name) as string;
  if (current !== stale) return current;
  let renewal = renewals.get(caller.name);
  if (!renewal) {
    renewal = signIn(caller.email).then(({ access }) => {
      world.tokens.set(caller.name, access);
      renewals.delete(caller.name);
      return access;
    });
    renewals.set(caller.name, renewal);
  }
  return renewal;
}

/**
 * Every write case watches the table's changes around its request (test/helpers/table-changes.ts) and fails on any
 * change to an item that mentions an id of a tenant out of the caller's scope, whether the caller's role may call the
 * endpoint or not (a refusal must change nothing either).
 */
async function changedForeignItems(watch: TableWatch, foreign: readonly string[]) {
  const { before, after } = await watch.changes();
  return changedKeys(onlyMentioning(before, foreign), onlyMentioning(after, foreign));
}

/**
 * What a request needs beside what its schema requires, which the handler checks after scope (a drill-down's account
 * and month, a document's folder, who sees a report, an invitation's role for the level it names). Without it a case
 * would be refused for what is missing whatever its ids, which its positive control below shows; so the cases send
 * it too. Query values by name, then ids the caller owns by kind.
 */
const QUERY_EXTRAS: Record<string, Array<[string, string]>> = Object.fromEntries(
  STATEMENT_FAMILIES.map((f) => {
    const id = `${f.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}Detail`;
    const account: Array<[string, string]> = f === 'cashflow' ? [['flujo', '0']] : [['cod_cta', '1.1.01']];
    return [id, [['period', '2019-01'], ...account]];
  }),
);
const QUERY_OWN_IDS: Record<string, Kind[]> = { listFolders: ['society'], listUserFolders: ['society'] };
const EVERY_ROLE_SEES = {
  enable_project_admin: true,
  enable_group_admin: true,
  enable_user_group: true,
  enable_user_society: true,
};
const BODY_EXTRAS: Record<string, (field: string, own: (kind: Kind) => string) => Record<string, unknown>> = {
  createReport: () => ({ ...EVERY_ROLE_SEES, builtin_dashboard: 'PORTAL_ACTIVITY' }),
  createAccountingAssignment: () => EVERY_ROLE_SEES,
  createDocumentUpload: (field, own) => (field === 'folder' ? {} : { folder: own('folderTemplate') }),
  // A request to the caller's own society (its target is an object, no id field of its own).
  createRequest: (_field, own) => ({ target: { kind: 'SOCIETY', uuid: own('society') } }),
  uploadDocument: (field, own) => (field === 'folder' ? {} : { folder: own('folderTemplate') }),
  // A schedule's target is an object (no id field of its own): the caller's own society.
  createRequestSchedule: (_field, own) => ({ target: { kind: 'SOCIETY', uuid: own('society') } }),
  generateInvitation: (field) =>
    field === 'group' ? { user_role: 'USER_GROUP' } : field === 'project' ? { user_role: 'PROJECT_ADMIN' } : {},
};

/** The file of a write that takes one (sent as multipart with the body's fields), by contract. */
const FILES: Record<
  string,
  () => { field: string; name: string; type: string; data: string | Uint8Array<ArrayBuffer> }
> = {
  uploadDocument: () => ({
    field: 'file',
    name: `matriz-${world.mark}-${randomUUID().slice(0, 8)}.pdf`,
    type: 'application/pdf',
    data: new TextEncoder().encode('%PDF-1.4\n% matriz\n%%EOF\n'),
  }),
  // An account more than the world's chart, so a control that imports it changes the chart.
  importAccountingChart: () => ({
    field: 'file',
    name: 'plan_cuentas.csv',
    type: 'text/csv',
    data: `${CHART_CSV}\n1.1.30;Banco ${randomUUID().slice(0, 4)};ACTIVO;ACTIVO;ACTIVOS CORRIENTES;Efectivo y equivalentes;S;;S`,
  }),
  // The home society's ledger a year on (the target's RUT is checked after its scope).
  importAccountingLedger: () => ({
    field: 'file',
    name: 'libro_diario.csv',
    type: 'text/csv',
    data: ledgerCsv(world.homeRut).replaceAll(';2019-', ';2022-'),
  }),
};

/** A body as multipart form data with its file, as the browser sends it. */
async function multipart(body: Record<string, unknown>, file: ReturnType<(typeof FILES)[string]>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, String(item));
  }
  form.append(file.field, new Blob([file.data], { type: file.type }), file.name);
  const request = new Request('http://matriz.invalid/', { method: 'POST', body: form });
  return {
    body: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') as string,
  };
}

/**
 * The request of a case with `target` in the field under test (the other tenant's id, or the caller's own for a
 * control) and the caller's own ids everywhere else.
 */
async function requestOf(c: IsolationCase, target: string, idFor = ownId): Promise<RawRequest> {
  const own = (kind: Kind, list: boolean) => idFor(kind, list, c.contract);
  const params = withItems(
    c.contract,
    Object.fromEntries(
      pathParamNames(c.contract.path).map((name) => [
        name,
        c.kind === 'path' && name === c.field
          ? target
          : (own(pathParamKind(c.contract, name) as Kind, false) as string),
      ]),
    ),
  );
  const query: Array<[string, string]> = c.kind === 'filter' ? [[c.field as string, target]] : [];
  // A filter the schema requires beside the one under test (listFolderTemplates: a folder is looked up in a project)
  // takes the caller's own id, so the answer is about the foreign filter, not a 400 for a missing one.
  if (c.kind === 'filter') {
    // Required values beside the ids (checkSocietyRut: the RUT asked about in the filtered group's firm).
    query.push(...requiredQueryValues(c.contract), ...(QUERY_EXTRAS[c.contract.id] ?? []));
    for (const { name, kind } of queryIdFields(c.contract)) {
      const field = shapeOf(c.contract.query)[name];
      const needed = (field && !field.safeParse(undefined).success) || QUERY_OWN_IDS[c.contract.id]?.includes(kind);
      if (name !== c.field && needed) query.push([name, own(kind, false) as string]);
    }
  }
  let body = sampleBody(c.contract, own);
  if (body) {
    const extras = BODY_EXTRAS[c.contract.id]?.(c.field ?? '', (kind) => own(kind, false) as string) ?? {};
    body = { ...body, ...extras };
  }
  if (c.kind === 'body' && body) body = { ...body, [c.field as string]: c.list ? [target] : target };
  const file = FILES[c.contract.id];
  if (file && body) return { params, query, ...(await multipart(body, file())) };
  return { params, query, body: body === undefined ? undefined : JSON.stringify(body) };
}

/**
 * A request's item is addressed inside its request: the {item} of a path is the first item of the request the path
 * names (its uuid derived from the request's, as the server derives it), so a case that reaches another tenant's
 * request with a real item of it would answer that item if the scope check were missing.
 */
function withItems(contract: Contract, params: Record<string, string>): Record<string, string> {
  const names = pathParamNames(contract.path);
  const request = names.find((n) => pathParamKind(contract, n) === 'request');
  const item = names.find((n) => pathParamKind(contract, n) === 'requestItem');
  if (!request || !item || !params[request]) return params;
  return { ...params, [item]: derivedUuid(params[request] as string, 'item', '0') };
}

/** Sends a case's request as its caller, signing in again once if another file ended the caller's sessions. */
async function sendAs(caller: World['callers'][number], contract: Contract, request: RawRequest) {
  const token = world.tokens.get(caller.name) as string;
  const answer = await send(contract, { ...request, token });
  if (answer.status !== 401) return answer;
  return send(contract, { ...request, token: await renewedToken(caller, token) });
}

const callerNamed = (name: string) => {
  const caller = world.callers.find((x) => x.name === name);
  if (!caller) throw new Error(`no caller ${name}`);
  return caller;
};

/** The world's ids a caller may see (its scope's tags). */
const inScopeIds = (caller: World['callers'][number]) => worldIdsUnder(world, caller.scope);

const SWEEP_PAGE = 500;

/**
 * An unfiltered list read beyond its first page: other files add rows to the same table all the time, so a leak on
 * page 1 may be pushed off it. A list with a search is searched for the world's mark (every row the world wrote holds
 * it, so its rows of every tenant match, and nobody else's); a paged list without one is read page by page to its
 * end. A list that is neither answers everything at once, on its page 1.
 */
async function sweep(caller: World['callers'][number], contract: Contract) {
  const query = shapeOf(contract.query);
  if ('search' in query) {
    const search: Array<[string, string]> = [['search', world.mark]];
    if ('limit' in query) search.push(['limit', '1000']);
    return { how: `a search for ${world.mark}`, ...(await sendAs(caller, contract, { query: search })) };
  }
  if (!('limit' in query && 'offset' in query)) return undefined;
  const texts: string[] = [];
  for (let offset = 0; ; offset += SWEEP_PAGE) {
    const page = await sendAs(caller, contract, {
      query: [
        ['limit', String(SWEEP_PAGE)],
        ['offset', String(offset)],
      ],
    });
    texts.push(page.text);
    const rows = page.status === 200 ? ((JSON.parse(page.text) as { results?: unknown[] }).results ?? []) : [];
    if (page.status !== 200 || rows.length < SWEEP_PAGE)
      return { how: `every page (${texts.length})`, status: page.status, text: texts.join('\n') };
  }
}

/**
 * Unfiltered lists in which the world holds no row a non-demo caller may see, so the sweep's positive control cannot
 * apply: the notifications of a caller nothing was shared with, and pickers of people not yet placed.
 */
const SWEEP_NO_OWN_ROWS = new Set<string>([
  // A USER_SOCIETY belongs to societies, not groups.
  'listMyGroups USER_SOCIETY',
  // A person's own tickets: the world's home ticket is its USER_SOCIETY's.
  'listMySupportTickets PROJECT_ADMIN',
  'listMySupportTickets GROUP_ADMIN',
  'listMySupportTickets USER_GROUP',
]);

/** The answers of the body cases, by contract, field and caller: their control must be answered otherwise. */
const bodyAnswers = new Map<string, RawAnswer[]>();
const bodyKey = (c: IsolationCase) => `${c.contract.id} ${c.field} ${c.caller.name}`;

async function run(c: IsolationCase, expect: ExpectStatic) {
  const caller = callerNamed(c.caller.name);
  const foreign = foreignIds(world, caller);
  const checksTable = c.contract.method !== 'GET';
  // A write case is only meaningful if its target is there to be harmed.
  if (checksTable && c.kind !== 'filter' && c.idKind) expect(await itemExists(entityKey(c.idKind, idOf(c)))).toBe(true);
  const watch = checksTable ? await watchTable() : undefined;

  const answer = await sendAs(caller, c.contract, c.kind === 'unfiltered' ? {} : await requestOf(c, idOf(c)));
  const refusals = c.kind === 'body' ? [400, 403, 404] : [403, 404];
  const allowed = c.kind === 'path' || c.kind === 'body' ? refusals : c.kind === 'filter' ? [200, ...refusals] : null;
  const outcome = { status: answer.status, leaked: leakedIds(answer.text, foreign) };
  if (c.kind === 'body') bodyAnswers.set(bodyKey(c), [...(bodyAnswers.get(bodyKey(c)) ?? []), answer]);
  // Soft: a failing case reports its status, its leak and its writes together.
  expect.soft(outcome.status).toBeLessThan(500);
  if (allowed)
    expect.soft(allowed, `answered ${answer.status}: ${answer.text.slice(0, 300)}`).toContain(outcome.status);
  expect.soft(outcome.leaked, `ids of another tenant in: ${answer.text.slice(0, 300)}`).toEqual([]);
  if (c.kind === 'unfiltered') {
    const swept = await sweep(caller, c.contract);
    if (swept) {
      expect.soft(leakedIds(swept.text, foreign), `ids of another tenant found by ${swept.how}`).toEqual([]);
      // Control: the same sweep finds the caller's own rows, so it would have found another tenant's.
      const exempt = SWEEP_NO_OWN_ROWS.has(c.contract.id) || SWEEP_NO_OWN_ROWS.has(`${c.contract.id} ${caller.role}`);
      if (swept.status === 200 && !caller.demo && !exempt)
        expect
          .soft(leakedIds(swept.text, inScopeIds(caller)), `${swept.how} found none of the caller's own rows`)
          .not.toEqual([]);
    }
  }
  if (watch) {
    const changed = await changedForeignItems(watch, worldIdsUnder(world, outOfScope(caller)));
    expect.soft(changed, 'items of another tenant changed').toEqual([]);
  }
}

test('a contract with a name nobody classified fails the matrix (the guard itself)', () => {
  const unknown = defineContract({
    id: 'probe',
    method: 'PATCH',
    path: 'api/v1/reports/report/{report_id}/',
    access: ['SUPER_ADMIN'],
    handler: 'reports/probe',
    summary: 'not a real endpoint',
    params: z.object({ report_id: z.uuid() }),
    query: z.object({ tenant: z.optional(z.string()), owner: z.optional(z.uuid()), limit: z.optional(z.uuid()) }),
    body: z.object({ report_owner: z.array(z.uuid()) }),
    response: z.object({}),
  });
  expect(unclassified(unknown)).toEqual([
    'path {report_id} of reports/report/{report_id}',
    'query tenant',
    'query owner',
    'query limit',
    'body report_owner',
  ]);
});

test('the world is what the cases assume (every tag holds its kinds)', () => {
  for (const tag of TAGS) {
    for (const kind of KINDS_PER_TAG[tag]) expect(world.ids[tag][kind].length, `${tag} ${kind}`).toBeGreaterThan(0);
  }
});

/**
 * Reads by id whose answer is about the entity without naming it: a document's file (a redirect to its bytes), a share
 * token or the share links of a document (their own ids), a report's dashboard data. Their control is the 200 alone.
 */
// Answers that do not carry the id they were asked for (a file, a link, an embedding, a person's sign-in events).
const NO_ECHO = new Set([
  'downloadDocument',
  'createShareToken',
  'listShareLinks',
  'getReportDashboard',
  'listUserSignIns',
  'messageAttachmentLink',
  'requestItemTemplateFile',
]);

describe.each(protectedContracts.map((c) => [`${c.method} ${c.path}`, c] as const))('%s', (_, contract) => {
  test('every path param, query and id field is classified', () => {
    expect(unclassified(contract)).toEqual([]);
  });

  // Control: the ids are live, so a 404 below means "refused", not "no such thing".
  const readsById = contract.method === 'GET' && casesOf(contract).some((c) => c.kind === 'path');
  test.skipIf(!readsById)('control: SUPER_ADMIN reads every target of another tenant', async () => {
    const param = pathParamNames(contract.path)[0] as string;
    const ids = new Set(casesOf(contract).flatMap((c) => (c.kind === 'path' ? [idOf(c)] : [])));
    for (const id of ids) {
      const answer = await send(contract, { params: withItems(contract, { [param]: id }), token: world.superAdmin });
      expect(answer.status, `${id}: ${answer.text.slice(0, 200)}`).toBe(200);
      if (!contract.fileResponse && !NO_ECHO.has(contract.id)) expect(answer.text).toContain(id);
    }
  });
});

/**
 * Positive control for the content kinds: each world caller the contract admits reads its own
 * (home) document, template folder, share link list, report, assignment and ticket without a scope refusal, so the
 * 404s of the cases above come from scope, not from ids no caller could ever read.
 */
const CONTENT_KINDS: readonly TenantKind[] = [
  'folderTemplate',
  'document',
  'shareLink',
  'report',
  'assignment',
  'ticket',
  'thread',
  'messageFile',
  'request',
];
/**
 * Callers for whom the home item is not their own to read: a ticket is read by its sender (the home USER_SOCIETY) and
 * the ticket readers (SUPER_ADMIN, PROJECT_ADMIN), not by a group's admin or user.
 */
const OWN_READ_EXEMPT = new Set(['getSupportTicket GROUP_ADMIN', 'getSupportTicket USER_GROUP']);
const ownReads = protectedContracts.flatMap((contract) => {
  if (contract.method !== 'GET') return [];
  const param = pathParamNames(contract.path).find((p) =>
    CONTENT_KINDS.includes(pathParamKind(contract, p) as TenantKind),
  );
  if (!param) return [];
  return CALLERS.filter(
    (c) => !c.demo && admits(contract, c.role) && !OWN_READ_EXEMPT.has(`${contract.id} ${c.role}`),
  ).map((c) => [`${contract.id} ${c.name}: own ${pathParamKind(contract, param)}`, contract, param, c.name] as const);
});
test.each(ownReads)('control: %s is not refused', async (_, contract, param, name) => {
  const kind = pathParamKind(contract, param) as TenantKind;
  const answer = await send(contract, {
    params: withItems(contract, { [param]: world.ids.home[kind][0] as string }),
    token: world.tokens.get(name),
  });
  expect(answer.status, answer.text.slice(0, 300)).toBeLessThan(400);
});

/** Reads first, then writes, deletes last: a write that wrongly succeeded cannot hide a later read's answer. */
const order = (method: string) => (method === 'GET' ? 0 : method === 'DELETE' ? 2 : 1);
const allCases = protectedContracts
  .flatMap(casesOf)
  .sort((a, b) => order(a.contract.method) - order(b.contract.method));

test('the contract table yields isolation cases', () => {
  expect(allCases.length).toBeGreaterThan(100);
});

/**
 * Cases the matrix proves wrong today, reported to the coordinator rather than fixed here (not this file's handler);
 * each runs as `test.fails`, so it turns red the day the handler is fixed and the entry must go.
 */
const named = (cases: IsolationCase[]) => cases.map((c) => [`${c.contract.id} ${caseName(c)}`, c] as const);
/**
 * Reads change nothing the cases compare, so they run side by side (vitest's maxConcurrency at a time) against the
 * one world; the writes then run one after another (their table comparisons must see their own request alone), the
 * deletes last. Each case stays a test of its own, named as before.
 */
const readCases = allCases.filter((c) => c.contract.method === 'GET');
const writeCases = allCases.filter((c) => c.contract.method !== 'GET');
test.concurrent.for(named(readCases))('%s', ([, c], context) => run(c, context.expect));

/** One case per contract, field and caller of those given (the controls need no more: the field's rule is one). */
const onePerField = (cases: IsolationCase[]) => [...new Map(cases.map((c) => [bodyKey(c), c])).values()];

/**
 * A user of the role a field takes: a group's admins (and the admin pickers' selected people) are GROUP_ADMINs, a
 * group's users USER_GROUPs, anyone else the home society's USER_SOCIETY.
 */
function ownUser(c: IsolationCase) {
  const [society, group, groupAdmin] = world.ids.home.user as [string, string, string];
  if (c.field === 'admin' || c.contract.path.includes('admin-available')) return groupAdmin;
  if ((c.field === 'user' && c.contract.path.includes('/groups/')) || c.contract.path.includes('groups/user-available'))
    return group;
  return society;
}
const controlId = (c: IsolationCase) =>
  c.idKind === 'user' ? ownUser(c) : (ownId(c.idKind as Kind, false, c.contract) as string);

/** Does an answer hold rows: a non-empty list at its top or in one of its fields? */
function holdsRows(text: string): boolean {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return false;
  }
  const lists = Array.isArray(value)
    ? [value]
    : value && typeof value === 'object'
      ? Object.values(value).filter(Array.isArray)
      : [];
  return lists.some((list) => list.length > 0);
}

/**
 * Filters whose own-id control cannot show rows, with why: what they answer is not a list of the world's rows, the
 * world holds none for them, or the caller's role may not filter by that level (refused for its own as for any).
 */
const FILTER_CONTROL_EXEMPT: Record<string, string> = {
  'checkSocietyRut group': 'answers a flag about a RUT (the shared world checks it by RUT)',
  'listRegistryChoices project': 'the world registers no dashboard for its projects',
  'listReportReferences reporte': 'no report of the world has references',
  'listUsers project GROUP_ADMIN': 'a GROUP_ADMIN filters people by its groups and societies, not by project',
  'searchUsers project GROUP_ADMIN': 'a GROUP_ADMIN filters people by its groups and societies, not by project',
  'listMyGroups project USER_SOCIETY': 'a USER_SOCIETY belongs to societies, not groups',
  'listMyGroups uuids USER_SOCIETY': 'a USER_SOCIETY belongs to societies, not groups',
};
const exemptionOf = (c: IsolationCase) =>
  FILTER_CONTROL_EXEMPT[`${c.contract.id} ${c.field}`] ??
  FILTER_CONTROL_EXEMPT[`${c.contract.id} ${c.field} ${c.caller.role}`];

/**
 * Positive control of the filter cases: each world caller the contract admits, with its own id in the same filter,
 * gets a 200 that shows rows of its own (an id of its scope other than the filter's, the world's mark in a name, or
 * a non-empty list). A handler that answered every filter with nothing would pass the cases above and fails here.
 */
const filterControls = onePerField(
  readCases.filter(
    (c) => c.kind === 'filter' && !c.caller.demo && admits(c.contract, c.caller.role) && !exemptionOf(c),
  ),
).map((c) => [`control: ${c.contract.id} ${c.caller.name}: filter ${c.field} = its own`, c] as const);
test.concurrent.for(filterControls)('%s', async ([, c], { expect }) => {
  const caller = callerNamed(c.caller.name);
  const own = controlId(c);
  const answer = await sendAs(caller, c.contract, await requestOf(c, own));
  expect(answer.status, answer.text.slice(0, 300)).toBe(200);
  if (!c.contract.fileResponse) {
    const marks = [...inScopeIds(caller).filter((id) => id !== own), world.mark];
    const shown = leakedIds(answer.text, marks).length > 0 || holdsRows(answer.text);
    expect(shown, `no row of its own in: ${answer.text.slice(0, 300)}`).toBe(true);
  }
});

test.for(named(writeCases))('%s', ([, c], context) => run(c, context.expect));

/**
 * The CSV import names its targets inside the file (project and group names, society RUTs), out of the zod schemas'
 * reach, so the generated cases cannot see them: each inviter names another tenant's entities there, and no row may
 * become an invitation.
 */
const BOUNDARY = 'matriz-csv';
const csvBody = (csv: string) =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file_csv"; filename="u.csv"\r\nContent-Type: text/csv\r\n\r\n` +
      `${csv}\r\n--${BOUNDARY}--\r\n`,
  );
const CSV_HEADER = 'email,first_name,last_name,rut_user,user_role,project,group,society';

describe('importUsersCsv with rows naming another tenant', () => {
  async function names(tag: 'home' | 'siblingGroup' | 'otherProject') {
    const as = { token: world.superAdmin };
    const society = await call(societies.getSociety, { ...as, params: { uuid: world.ids[tag].society[0] as string } });
    return {
      project: society.body.project.project_name,
      group: society.body.group.group_name,
      rut: society.body.society_rut as string,
    };
  }

  test.each([
    ['PROJECT_ADMIN of A', ['otherProject']],
    ['GROUP_ADMIN of A1', ['otherProject', 'siblingGroup']],
  ] as const)(
    '%s: only the row of its own society is invited, nothing of another tenant changed',
    async (name, tags) => {
      const caller = world.callers.find((c) => c.name === name) as World['callers'][number];
      const rows: string[] = [];
      for (const tag of tags) {
        const n = await names(tag);
        const email = () => `csv-${randomUUID().slice(0, 8)}@prueba.cl`;
        rows.push(`${email()},Ana,Pérez,,USER_GROUP,${n.project},${n.group},`);
        rows.push(`${email()},Ana,Pérez,,USER_SOCIETY,${n.project},,${n.rut}`);
        rows.push(`${email()},Ana,Pérez,,USER_SOCIETY,,,${n.rut}`);
      }
      // Control: a last row naming the caller's own society, which must be invited (the file's format is right).
      const home = await names('home');
      const own = `csv-${randomUUID().slice(0, 8)}@prueba.cl`;
      const csv = [CSV_HEADER, ...rows, `${own},Ana,Pérez,,USER_SOCIETY,${home.project},,${home.rut}`].join('\n');
      const foreign = worldIdsUnder(world, outOfScope(caller));
      const watch = await watchTable();
      const answer = await send(registration.importUsersCsv, {
        body: csvBody(csv),
        contentType: `multipart/form-data; boundary=${BOUNDARY}`,
        token: world.tokens.get(caller.name),
      });
      expect.soft(answer.status, answer.text.slice(0, 300)).toBe(200);
      if (answer.status === 200) {
        const report = JSON.parse(answer.text) as { created: number; rows: Array<{ email: string; status: string }> };
        const created = report.rows.filter((r) => r.status === 'CREATED').map((r) => r.email);
        expect.soft(created, answer.text.slice(0, 800)).toEqual([own]);
      }
      expect.soft(await changedForeignItems(watch, foreign)).toEqual([]);
    },
  );
});

/**
 * The shared world (tenant-world.ts `shared`): a person firms A and B both have (firm B opened its documents to it,
 * firm A did not), and a company both serve, one society of one RUT in each firm with its own document, accounts and
 * assignments. Every read and write of firm A's callers that names either (isolation-cases.ts sharedCasesOf) must
 * leave firm B's side unchanged and unseen: no id or name of B's in the answer; on the table, no item of B's changed,
 * and of the person's own items (its record, its listing entries) nothing B owns or every firm sees: B's
 * memberships, B's document access, the account-wide fields. What is A's (its memberships, its document access, its
 * side of the company) is A's to change, and A's reads, searches and filters find A's side. Writes that name them in
 * a body act on entities of A made for them, and each write ends with the person's A memberships and A's side of the
 * company put back, so the next case finds the world as built.
 */
describe('the shared world: a person and a company of firms A and B', () => {
  const ACCOUNT_FIELDS = [
    'email',
    'enable',
    'first_name',
    'last_name',
    'rut_user',
    'phone_number',
    'position',
    'user_description',
    'user_magnus',
    'user_role',
    'image',
    'pending_email',
    'sessions_valid_after',
  ];
  /** A listing entry's account fields: enable, names, e-mail, role, RUT (its hints and ordering follow A's changes). */
  const ENTRY_FIELDS = ['e', 'f', 'l', 'm', 'r', 't'];
  let otherSide: string[];
  let scratch: { society: string; group: string; user: string };
  /** What shows A's side of the company: its society, its members, its document, its assignments. */
  let companyA: string[];
  /** A's side of the company as built, put back after each write (only the fields the cases change). */
  let companyAsBuilt: Record<string, unknown>;
  let memberships: { project: string[]; society: string[] };

  beforeAll(async () => {
    const as = { token: world.superAdmin };
    const B = world.ids.otherProject;
    const [project, group, society] = await Promise.all([
      call(projects.getProject, { ...as, params: { uuid: B.project[0] as string } }),
      call(groups.getGroup, { ...as, params: { uuid: B.group[0] as string } }),
      call(societies.getSociety, { ...as, params: { uuid: B.society[0] as string } }),
    ]);
    const { home: sideA, otherProject: sideB } = world.company;
    otherSide = [
      ...worldIdsUnder(world, ['otherProject']),
      project.body.project_name,
      group.body.group_name,
      society.body.society_business_name,
      society.body.society_rut as string,
      // B's side of the company: the RUT is the same, anything else of it is B's alone.
      sideB.society,
      sideB.document,
      sideB.report,
      sideB.thread,
      sideB.request,
      ...Object.values(sideB.statements),
      world.otherMark,
      // B's ledger is dated 2021, A's 2019 and 2020: a statement of that year shows B's figures.
      '"year":2021',
      '2021-',
    ];
    companyA = [
      sideA.society,
      sideA.name,
      sideA.document,
      sideA.report,
      sideA.thread,
      sideA.request,
      ...Object.values(sideA.statements),
    ];
    const built = await call(societies.getSociety, { ...as, params: { uuid: sideA.society } });
    companyAsBuilt = companyFields(built.body);
    // Entities of A for the writes that name the person in a body, so the world's own keep their members.
    const [scratchGroup, scratchSociety, scratchUser] = await Promise.all([
      call(groups.createGroup, {
        ...as,
        body: {
          group_name: `Compartido ${randomUUID().slice(0, 8)}`,
          group_description: 'Compartido',
          project: world.ids.home.project[0] as string,
        },
      }),
      call(societies.createSociety, {
        ...as,
        body: {
          ...(sampleBody(societies.createSociety, (kind) => ownId(kind, false)) as Record<string, unknown>),
          group: world.ids.home.group[0],
          user: [],
        } as never,
      }),
      createTestUser('USER_SOCIETY', [world.ids.home.project[0] as string], world.mark),
    ]);
    expect(scratchGroup.status).toBe(201);
    expect(scratchSociety.status, JSON.stringify(scratchSociety.body)).toBe(201);
    scratch = { group: scratchGroup.body.uuid, society: scratchSociety.body.uuid, user: scratchUser.uuid };
    const person = await call(users.getUser, { ...as, params: { uuid: world.shared.user.home } });
    memberships = { project: person.body.project.map((p) => p.uuid), society: person.body.society.map((s) => s.uuid) };
    // The world is what the cases assume: the person is of both firms, and B's side shows it.
    expect(memberships.project).toHaveLength(2);
    expect(memberships.society).toHaveLength(2);
    expect(person.body.profile.user_documentation).toBe(false);
  });

  const parsed = (json: string | undefined) =>
    json === undefined ? undefined : (JSON.parse(json) as Record<string, unknown>);
  const pick = (item: Record<string, unknown> | undefined, fields: string[]) =>
    item && Object.fromEntries(fields.map((f) => [f, item[f] ?? null]));
  const onlyB = (list: unknown) => ((list as string[] | undefined) ?? []).filter((id) => otherSide.includes(id));
  /** Firm B's side of the person's record: its memberships there, its document access there, the account. */
  const sideB = (record: Record<string, unknown> | undefined) =>
    record && {
      ...pick(record, ACCOUNT_FIELDS),
      projects: onlyB(record.project_uuids),
      groups: onlyB(record.group_uuids),
      societies: onlyB(record.society_uuids),
      documents: onlyB(record.documentation_projects),
    };

  /**
   * What changed of firm B's side during the watch: the keys, each with what B would see differ. Of a company, every
   * item of B's side names B (its society, its RUT marker under B's project, its ledger), so any change to an item
   * naming B counts; a person's own items are read field by field.
   */
  async function otherSideChanges(watch: TableWatch, kind: SharedKind, person: string) {
    const { before, after } = await watch.changes();
    const changed: string[] = [];
    for (const key of changedKeys(before, after)) {
      const [old, now] = [parsed(before.get(key)), parsed(after.get(key))];
      const entry = (now ?? old)?.entry as string | undefined;
      if (kind !== 'user') {
        if (otherSide.some((id) => before.get(key)?.includes(id) || after.get(key)?.includes(id))) changed.push(key);
      } else if (key === `USER#${person} USER`) {
        if (JSON.stringify(sideB(old)) !== JSON.stringify(sideB(now))) changed.push(key);
      } else if (entry?.startsWith(person)) {
        const fields = (item: typeof old) => pick(item?.value as Record<string, unknown> | undefined, ENTRY_FIELDS);
        // A listing entry of the person: in B's directories it appears or goes only with B's memberships (in A's,
        // with A's); wherever it stays, its account fields stay.
        const ofB = otherSide.some((id) => key.includes(id));
        if ((old === undefined) !== (now === undefined)) {
          if (ofB) changed.push(key);
        } else if (JSON.stringify(fields(old)) !== JSON.stringify(fields(now))) changed.push(key);
      } else if (/ BCOUNT#\w+$/.test(key)) {
        // A list's bucket counts (order-buckets.ts): the person's rows move with any edit (their `updated` order), which
        // steps the item and may move a row between buckets; the rows per order change only if the person came or went.
        const ofB = otherSide.some((id) => key.includes(id));
        if (ofB && JSON.stringify(rowsPerOrder(before.get(key))) !== JSON.stringify(rowsPerOrder(after.get(key))))
          changed.push(key);
      } else if (otherSide.some((id) => before.get(key)?.includes(id) || after.get(key)?.includes(id))) {
        changed.push(key);
      }
    }
    return changed;
  }

  /** The rows per order a bucket count item holds (`n_<order>_<bucket>` attributes, summed over its buckets). */
  function rowsPerOrder(json: string | undefined): Record<string, number> {
    const sums: Record<string, number> = {};
    for (const [name, value] of Object.entries(json ? (JSON.parse(json) as Record<string, unknown>) : {})) {
      const order = /^n_(.+)_[^_]+$/.exec(name)?.[1];
      if (order) sums[order] = (sums[order] ?? 0) + Number(value);
    }
    return Object.fromEntries(Object.entries(sums).sort(([a], [b]) => a.localeCompare(b)));
  }

  /** Puts the person's memberships back as built (a case may have taken A's away, as it may). */
  async function restorePerson() {
    const as = { token: world.superAdmin };
    const uuid = world.shared.user.home;
    const now = await call(users.getUser, { ...as, params: { uuid } });
    if (now.status !== 200) throw new Error(`the shared person is gone: ${now.status}`);
    const same = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));
    if (
      same(
        now.body.project.map((p) => p.uuid),
        memberships.project,
      ) &&
      same(
        now.body.society.map((s) => s.uuid),
        memberships.society,
      )
    )
      return;
    const put = await call(users.patchUser, { ...as, params: { uuid }, body: memberships });
    if (put.status !== 200) throw new Error(`the shared person could not be put back: ${JSON.stringify(put.body)}`);
  }

  /** The fields of A's side of the company the cases may change, as a PATCH takes them. */
  function companyFields(body: Record<string, unknown>) {
    const fields = Object.keys(SHARED_SOCIETY_FIELD_VALUES).filter(
      (f) => f in body && !['group', 'project', 'user', 'industry_type'].includes(f),
    );
    return {
      ...Object.fromEntries(fields.map((f) => [f, body[f]])),
      group: (body.group as { uuid: string }).uuid,
      project: (body.project as { uuid: string }).uuid,
      industry_type: (body.industry_type as { uuid: string } | null)?.uuid ?? world.industry,
      user: (body.user_list as Array<{ uuid: string }>).map((u) => u.uuid),
    };
  }

  /** Puts A's side of the company back as built (a case may have renamed it, moved its RUT, taken its users). */
  async function restoreCompany() {
    const as = { token: world.superAdmin };
    const uuid = world.company.home.society;
    const now = await call(societies.getSociety, { ...as, params: { uuid } });
    if (now.status === 404) return; // deleted by a case, as an admin of A may
    if (JSON.stringify(companyFields(now.body)) === JSON.stringify(companyAsBuilt)) return;
    const put = await call(societies.patchSociety, {
      ...as,
      params: { uuid },
      body: { ...companyAsBuilt, version: now.body.version } as never,
    });
    if (put.status !== 200)
      throw new Error(`A's side of the company could not be put back: ${JSON.stringify(put.body)}`);
  }

  const CHANGES_ACCOUNT = new Set(ACCOUNT_FIELDS);
  /** The built-in dashboard is about the caller's whole scope (counts per group), whatever society it is opened for. */
  const SCOPE_WIDE = new Set(['getReportDashboard']);
  /** Lists of societies: searched for the company's RUT, they show A's side. */
  const SOCIETY_LISTS = new Set(['listSocieties', 'searchSocieties', 'listSocietiesForUsers', 'listMySocieties']);
  // Deletes last: a delete of A's side of the company, which A may do, leaves nothing for the cases after it.
  const sharedCases = protectedContracts
    .flatMap(sharedCasesOf)
    .sort((a, b) => Number(a.contract.method === 'DELETE') - Number(b.contract.method === 'DELETE'))
    .map((c) => [sharedCaseName(c), c] as const);

  test('the contract table yields shared-world cases for every way to name a person and a company', () => {
    const hows = (kind: SharedKind) =>
      [...new Set(sharedCases.filter(([, c]) => c.kind === kind).map(([, c]) => c.how))].sort();
    expect(hows('user')).toEqual(['body', 'field', 'filter', 'read', 'search', 'write']);
    expect(hows('society')).toEqual(['body', 'field', 'filter', 'read', 'search', 'write']);
  });

  /**
   * What names the company by its RUT rather than by an id: the wizard's RUT check, the CSV of invitations and the
   * accounting imports. Each of A's admins reaches A's side through the RUT, and B's side stays as it was.
   */
  const RUT_CALLERS = ['PROJECT_ADMIN of A', 'GROUP_ADMIN of A1'] as const;

  test.for(RUT_CALLERS)('%s: rut-available answers about firm A alone', async (name, { expect }) => {
    const caller = callerNamed(name);
    const ask = async (rut: string) =>
      JSON.parse((await sendAs(caller, societies.checkSocietyRut, { query: [['rut', rut]] })).text);
    const onlyB = (
      await call(societies.getSociety, {
        token: world.superAdmin,
        params: { uuid: world.ids.otherProject.society[0] as string },
      })
    ).body.society_rut as string;
    // A's side holds the shared RUT; a RUT only firm B has is as free for A as one nobody has.
    expect(await ask(world.company.rut)).toEqual({ available: false });
    expect(await ask(onlyB)).toEqual({ available: true });
    expect(await ask(freshRut())).toEqual({ available: true });
  });

  test.for(RUT_CALLERS)('%s: a CSV row naming the RUT invites to A’s side only', async (name, { expect }) => {
    const caller = callerNamed(name);
    const projectB = (
      await call(projects.getProject, {
        token: world.superAdmin,
        params: { uuid: world.ids.otherProject.project[0] as string },
      })
    ).body.project_name;
    const email = () => `csv-${world.mark}-${randomUUID().slice(0, 8)}@prueba.cl`;
    const [byRut, withB, withNone] = [email(), email(), email()];
    const csv = [
      CSV_HEADER,
      `${byRut},Ana,Pérez,,USER_SOCIETY,,,${world.company.rut}`,
      `${withB},Ana,Pérez,,USER_SOCIETY,${projectB},,${world.company.rut}`,
      `${withNone},Ana,Pérez,,USER_SOCIETY,Proyecto ${randomUUID().slice(0, 8)},,${world.company.rut}`,
    ].join('\n');
    const watch = await watchTable();
    const answer = await sendAs(caller, registration.importUsersCsv, {
      body: csvBody(csv),
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    });
    expect.soft(answer.status, answer.text.slice(0, 300)).toBe(200);
    const report = JSON.parse(answer.text) as { rows: Array<{ status: string; errors?: unknown }> };
    const [own, foreignProject, noProject] = report.rows;
    expect.soft(own?.status, answer.text.slice(0, 500)).toBe('CREATED');
    // Firm B's project is as unknown to A as a project nobody has.
    expect.soft(foreignProject?.status).toBe('FAILED');
    expect.soft(foreignProject?.errors).toEqual(noProject?.errors);
    expect.soft(leakedIds(answer.text, otherSide)).toEqual([]);
    expect
      .soft(await otherSideChanges(watch, 'society', world.company.home.society), 'firm B’s side changed')
      .toEqual([]);
    const invited = await call(registration.listInvitations, { token: world.superAdmin, query: { search: byRut } });
    expect(invited.body.results.map((i) => i.society)).toEqual([[world.company.home.society]]);
  });

  test.for(RUT_CALLERS)('%s: a chart and a ledger of the RUT go to A’s side only', async (name, { expect }) => {
    const caller = callerNamed(name);
    const token = () => world.tokens.get(caller.name) as string;
    const datesOf = async (side: 'home' | 'otherProject') =>
      (
        await send(accounting.balance8columnsAvailableDates, {
          token: world.superAdmin,
          query: [
            ['society', world.company[side].society],
            ['assignment', world.company[side].statements.balance8columns],
          ],
        })
      ).text;
    const bBefore = await datesOf('otherProject');
    const watch = await watchTable();
    const chart = await upload(
      accounting.importAccountingChart,
      token(),
      { society: world.company.home.society },
      {
        name: 'plan_cuentas.csv',
        data: CHART_CSV,
      },
    );
    // A's own ledger moved a year on: A's figures change, B's must not.
    const ledger = await upload(
      accounting.importAccountingLedger,
      token(),
      { society: world.company.home.society },
      {
        name: 'libro_diario.csv',
        data: ledgerCsv(world.company.rut).replaceAll(';2019-', ';2020-'),
      },
    );
    expect.soft([chart.status, chart.body?.imported], JSON.stringify(chart.body)).toEqual([200, true]);
    expect.soft([ledger.status, ledger.body?.imported], JSON.stringify(ledger.body)).toEqual([200, true]);
    expect
      .soft(await otherSideChanges(watch, 'society', world.company.home.society), 'firm B’s side changed')
      .toEqual([]);
    expect.soft(await datesOf('otherProject')).toBe(bBefore);
    expect.soft(await datesOf('home')).toContain('2020');
    // And back as built, for the cases that read A's side.
    const back = await upload(
      accounting.importAccountingLedger,
      token(),
      { society: world.company.home.society },
      {
        name: 'libro_diario.csv',
        data: ledgerCsv(world.company.rut),
      },
    );
    expect(back.status).toBe(200);
  });

  /** Reads change nothing: they run side by side, as the matrix's own; writes one at a time, each watched alone. */
  const sharedReads = sharedCases.filter(([, c]) => c.contract.method === 'GET');
  const sharedWrites = sharedCases.filter(([, c]) => c.contract.method !== 'GET');
  test.concurrent.for(sharedReads)('%s', ([, c], { expect }) => runShared(c, expect));
  test.for(sharedWrites)('%s', ([, c], { expect }) => runShared(c, expect));

  async function runShared(c: SharedCase, expect: ExpectStatic) {
    const caller = callerNamed(c.caller.name);
    const entity = world.shared[c.kind];
    const family = familyOf(c.contract);
    // The caller's own entities: A's made for these cases, and for a company's statements A's side's assignment.
    const own = (kind: Kind) =>
      kind === 'society'
        ? scratch.society
        : kind === 'group'
          ? scratch.group
          : kind === 'user'
            ? scratch.user
            : kind === 'assignment' && family && c.kind === 'society'
              ? world.company.home.statements[family]
              : kind === 'report' && c.kind === 'society'
                ? world.company.home.report
                : (ownId(kind, false, c.contract) as string);
    const params = Object.fromEntries(
      pathParamNames(c.contract.path).map((name) => [
        name,
        name === c.param ? entity.home : own(pathParamKind(c.contract, name) as Kind),
      ]),
    );
    const query: Array<[string, string]> = c.how === 'search' ? [['search', entity.search]] : [];
    if (c.how === 'filter') {
      query.push(
        [c.field as string, entity.home],
        ...requiredQueryValues(c.contract),
        ...(QUERY_EXTRAS[c.contract.id] ?? []),
      );
      for (const { name, kind } of queryIdFields(c.contract)) {
        const field = shapeOf(c.contract.query)[name];
        if (name !== c.field && field && !field.safeParse(undefined).success) query.push([name, own(kind)]);
      }
    }
    let body: Record<string, unknown> | undefined;
    if (c.how === 'field') {
      // A society's own group is A1, where A's side is (the group made for the cases is another).
      body = {
        [c.field as string]: c.value?.((kind) => (kind === 'group' ? (world.ids.home.group[0] as string) : own(kind))),
      };
      // A society's PATCH is conditioned on the version read.
      if (c.kind === 'society')
        body.version = (
          await call(societies.getSociety, { token: world.superAdmin, params: { uuid: entity.home } })
        ).body.version;
    } else if (c.contract.body) {
      body = sampleBody(c.contract, (kind, list) => (list ? [own(kind)] : own(kind)));
      if (c.how === 'body' && body) {
        const list = bodyIdFields(c.contract).find((f) => f.name === c.field)?.list;
        body[c.field as string] = list ? [entity.home] : entity.home;
      }
    }
    const writes = c.contract.method !== 'GET';
    const watch = writes ? await watchTable() : undefined;
    const answer = await sendAs(caller, c.contract, {
      params,
      query,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect.soft(answer.status, answer.text.slice(0, 300)).toBeLessThan(500);
    if (c.kind === 'user' && c.how === 'field' && CHANGES_ACCOUNT.has(c.field as string)) {
      expect.soft(answer.status, `an account-wide field: ${answer.text.slice(0, 300)}`).toBe(403);
    }
    if (c.how === 'field' && c.field === 'user_documentation') expect.soft(answer.status).toBe(200);
    if (c.how === 'read' || c.how === 'search' || c.how === 'filter')
      expect.soft(answer.status, answer.text.slice(0, 300)).toBe(200);
    // Control: A's reads of the company find A's side, and A's admins may change A's side.
    const findsA =
      c.kind === 'society' &&
      answer.status === 200 &&
      !c.contract.fileResponse &&
      !SCOPE_WIDE.has(c.contract.id) &&
      (c.how === 'read' || c.how === 'filter' || (c.how === 'search' && SOCIETY_LISTS.has(c.contract.id)));
    if (findsA) {
      const shown = leakedIds(answer.text, companyA).length > 0 || (family !== undefined && holdsRows(answer.text));
      expect.soft(shown, `A's side not in: ${answer.text.slice(0, 300)}`).toBe(true);
    }
    if (c.kind === 'society' && c.how === 'field') expect.soft(answer.status, answer.text.slice(0, 300)).toBe(200);
    expect.soft(leakedIds(answer.text, otherSide), `firm B in: ${answer.text.slice(0, 300)}`).toEqual([]);
    if (watch) {
      expect.soft(await otherSideChanges(watch, c.kind, entity.home), 'firm B’s side changed').toEqual([]);
      await restorePerson();
      await restoreCompany();
    }
  }

  test('control: the person still reaches firm B’s documents, and firm B’s admin sees its side whole', async () => {
    const person = world.shared.user;
    const paB = (
      await signIn(
        (
          await call(users.getUser, {
            token: world.superAdmin,
            params: { uuid: world.ids.otherProject.user[2] as string },
          })
        ).body.email,
      )
    ).access;
    const seen = await call(users.getUser, { token: paB, params: { uuid: person.home } });
    expect(seen.status).toBe(200);
    expect(seen.body.profile.user_documentation).toBe(true);
    expect(seen.body.society.map((s) => s.uuid)).toEqual([world.ids.otherProject.society[0]]);
    expect(JSON.stringify(seen.body)).not.toContain(world.ids.home.society[0] as string);
    expect(seen.body.account_in_scope).toBe(false);
  });
});

/**
 * Positive control of the body cases, after every other case (they change the home entities): each world caller the
 * contract admits sends the same body with its own id in the field (a user of the role the field takes), and is
 * answered otherwise than for any other tenant's id there, with a success that changed something of its own. So the
 * cases' refusals come from the id, not from a body that would have been refused anyway (a missing file, a wrong
 * role).
 */
describe('control: body cases with the caller’s own ids', () => {
  /** Body fields a caller's role may not set even to its own ids (refused alike for any), with why. */
  const EXEMPT: Record<string, string> = {
    'createFolderTemplate GROUP_ADMIN':
      'template folders are a project’s: a GROUP_ADMIN is refused for its own project too',
    'patchFolderTemplate GROUP_ADMIN':
      'template folders are a project’s: a GROUP_ADMIN is refused for its own project too',
    'createAccountingAssignment project_list GROUP_ADMIN':
      'a GROUP_ADMIN targets groups and societies, never a project',
    'patchAccountingAssignment project_list GROUP_ADMIN': 'a GROUP_ADMIN targets groups and societies, never a project',
    'generateInvitation project GROUP_ADMIN':
      'only a SUPER_ADMIN invites a PROJECT_ADMIN, the only role a project names',
    'generateInvitation project PROJECT_ADMIN':
      'only a SUPER_ADMIN invites a PROJECT_ADMIN, the only role a project names',
    'createRequestSchedule GROUP_ADMIN':
      'the PROJECT_ADMIN’s control has just scheduled the same template over the same society (one schedule per pair: 409)',
  };
  /** Controls whose success changes nothing, with why. */
  const UNCHANGED: Record<string, string> = {
    'putReportReference usuario': 'the control of its `reporte` field has just written the same reference',
  };
  const exempt = (c: IsolationCase) =>
    EXEMPT[`${c.contract.id} ${c.caller.role}`] ?? EXEMPT[`${c.contract.id} ${c.field} ${c.caller.role}`];
  const controls = onePerField(
    writeCases.filter((c) => c.kind === 'body' && admits(c.contract, c.caller.role) && !exempt(c)),
  ).map((c) => [`control: ${c.contract.id} ${c.caller.name}: body ${c.field} = its own`, c] as const);

  test.for(controls)('%s', async ([, c], { expect }) => {
    const caller = callerNamed(c.caller.name);
    const own = controlId(c);
    const foreign = bodyAnswers.get(bodyKey(c));
    expect(foreign, 'the cases this control is for ran first').toBeDefined();
    const watch = await watchTable();
    const answer = await sendAs(caller, c.contract, await requestOf(c, own));
    expect.soft(answer.status).toBeLessThan(500);
    const alike = (foreign ?? []).filter((a) => a.status === answer.status && a.text === answer.text);
    expect.soft(alike.length, `answered as for another tenant: ${answer.status} ${answer.text.slice(0, 300)}`).toBe(0);
    expect.soft(answer.status, answer.text.slice(0, 300)).toBeLessThan(300);
    const { before, after } = await watch.changes();
    if (!UNCHANGED[`${c.contract.id} ${c.field}`])
      expect
        .soft(changedKeys(onlyMentioning(before, [own]), onlyMentioning(after, [own])), 'nothing of its own changed')
        .not.toEqual([]);
  });
});
