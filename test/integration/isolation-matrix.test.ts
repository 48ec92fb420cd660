import { randomUUID } from 'node:crypto';
import { beforeAll, describe, type ExpectStatic, expect, test } from 'vitest';
import * as z from 'zod/mini';
import { defineContract, pathParamNames } from '../../shared/contracts/define';
import * as groups from '../../shared/contracts/groups';
import * as projects from '../../shared/contracts/projects';
import * as registration from '../../shared/contracts/registration';
import * as societies from '../../shared/contracts/societies';
import * as users from '../../shared/contracts/users';
import { call, signIn } from '../helpers/api';
import {
  bodyIdFields,
  pathParamKind,
  queryIdFields,
  requiredQueryValues,
  sampleBody,
  shapeOf,
  unclassified,
} from '../helpers/contract-inputs';
import { itemExists } from '../helpers/db';
import {
  admits,
  caseName,
  casesOf,
  entityKey,
  type IsolationCase,
  protectedContracts,
  sharedCaseName,
  sharedCasesOf,
} from '../helpers/isolation-cases';
import { leakedIds, send } from '../helpers/raw-http';
import { changedKeys, onlyMentioning, type TableWatch, watchTable } from '../helpers/table-changes';
import { foreignIds, outOfScope, worldIdsUnder } from '../helpers/tenant-scope';
import {
  buildWorld,
  CALLERS,
  KINDS_PER_TAG,
  type Kind,
  TAGS,
  TENANT_KINDS,
  type TenantKind,
  type World,
} from '../helpers/tenant-world';

/**
 * Issue 8, "isolation matrix with data": every protected contract that takes an id or a filter is called by each
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

/** The caller's own id of a kind: the entity of the home tag (its society, group, project, a user of its society). */
function ownId(kind: Kind, list: boolean): string | string[] {
  const id =
    kind === 'industry'
      ? world.industry
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

async function run(c: IsolationCase, expect: ExpectStatic) {
  const caller = world.callers.find((x) => x.name === c.caller.name);
  if (!caller) throw new Error(`no caller ${c.caller.name}`);
  const foreign = foreignIds(world, caller);
  const params = Object.fromEntries(
    pathParamNames(c.contract.path).map((name) => [
      name,
      c.kind === 'path' && name === c.field
        ? idOf(c)
        : (ownId(pathParamKind(c.contract, name) as Kind, false) as string),
    ]),
  );
  const query: Array<[string, string]> = c.kind === 'filter' ? [[c.field as string, idOf(c)]] : [];
  // A filter the schema requires beside the one under test (listFolderTemplates: a folder is looked up in a project)
  // takes the caller's own id, so the answer is about the foreign filter, not a 400 for a missing one.
  if (c.kind === 'filter') {
    // Required values beside the ids (checkSocietyRut: the RUT asked about in the filtered group's firm).
    query.push(...requiredQueryValues(c.contract));
    for (const { name, kind } of queryIdFields(c.contract)) {
      const field = shapeOf(c.contract.query)[name];
      if (name !== c.field && field && !field.safeParse(undefined).success)
        query.push([name, ownId(kind, false) as string]);
    }
  }
  let body = sampleBody(c.contract, ownId);
  if (c.kind === 'body' && body) body = { ...body, [c.field as string]: c.list ? [idOf(c)] : idOf(c) };

  const checksTable = c.contract.method !== 'GET';
  // A write case is only meaningful if its target is there to be harmed.
  if (checksTable && c.kind !== 'filter' && c.idKind) expect(await itemExists(entityKey(c.idKind, idOf(c)))).toBe(true);
  const watch = checksTable ? await watchTable() : undefined;

  const request = { params, query, body: body === undefined ? undefined : JSON.stringify(body) };
  const token = world.tokens.get(caller.name) as string;
  let answer = await send(c.contract, { ...request, token });
  if (answer.status === 401) {
    // Another file may have ended this account's sessions (demo accounts are shared): sign in again, once.
    answer = await send(c.contract, { ...request, token: await renewedToken(caller, token) });
  }
  const refusals = c.kind === 'body' ? [400, 403, 404] : [403, 404];
  const allowed = c.kind === 'path' || c.kind === 'body' ? refusals : c.kind === 'filter' ? [200, ...refusals] : null;
  const outcome = { status: answer.status, leaked: leakedIds(answer.text, foreign) };
  // Soft: a failing case reports its status, its leak and its writes together.
  expect.soft(outcome.status).toBeLessThan(500);
  if (allowed)
    expect.soft(allowed, `answered ${answer.status}: ${answer.text.slice(0, 300)}`).toContain(outcome.status);
  expect.soft(outcome.leaked, `ids of another tenant in: ${answer.text.slice(0, 300)}`).toEqual([]);
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
const NO_ECHO = new Set(['downloadDocument', 'createShareToken', 'listShareLinks', 'getReportDashboard']);

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
      const answer = await send(contract, { params: { [param]: id }, token: world.superAdmin });
      expect(answer.status, `${id}: ${answer.text.slice(0, 200)}`).toBe(200);
      if (!contract.fileResponse && !NO_ECHO.has(contract.id)) expect(answer.text).toContain(id);
    }
  });
});

/**
 * Positive control for the content kinds (issues 10, 11, 13): each world caller the contract admits reads its own
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
];
const ownReads = protectedContracts.flatMap((contract) => {
  if (contract.method !== 'GET') return [];
  const param = pathParamNames(contract.path).find((p) =>
    CONTENT_KINDS.includes(pathParamKind(contract, p) as TenantKind),
  );
  if (!param) return [];
  return CALLERS.filter((c) => !c.demo && admits(contract, c.role)).map(
    (c) => [`${contract.id} ${c.name}: own ${pathParamKind(contract, param)}`, contract, param, c.name] as const,
  );
});
test.each(ownReads)('control: %s is not refused', async (_, contract, param, name) => {
  const kind = pathParamKind(contract, param) as TenantKind;
  const answer = await send(contract, {
    params: { [param]: world.ids.home[kind][0] as string },
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
test.for(named(writeCases))('%s', ([, c], context) => run(c, context.expect));

/**
 * The CSV import names its targets inside the file (project and group names, society RUTs), out of the zod schemas'
 * reach, so the generated cases cannot see them: each inviter names another tenant's entities there, and no row may
 * become an invitation.
 */
describe('importUsersCsv with rows naming another tenant', () => {
  const BOUNDARY = 'matriz-csv';
  const csvBody = (csv: string) =>
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file_csv"; filename="u.csv"\r\nContent-Type: text/csv\r\n\r\n` +
        `${csv}\r\n--${BOUNDARY}--\r\n`,
    );

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
      const csv = [
        'email,first_name,last_name,rut_user,user_role,project,group,society',
        ...rows,
        `${own},Ana,Pérez,,USER_SOCIETY,${home.project},,${home.rut}`,
      ].join('\n');
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
 * The shared world: a person firms A and B both have (tenant-world.ts `shared`; firm B opened its documents
 * to it, firm A did not). Every read and write of firm A's admins that names it (isolation-cases.ts sharedCasesOf)
 * must leave firm B's side unchanged and unseen: no id or name of B's in the answer; on the table, no item of B's
 * changed, and of the person's own items (its record, its listing entries) nothing B owns or every firm sees: B's
 * memberships, B's document access, the account-wide fields. What is A's (its memberships, its document access) is
 * A's to change. Writes that name the person in a body act on entities of A made for them, and each write ends with
 * the person's A memberships put back, so the next case finds the world as built.
 */
describe('the shared world: a person of firms A and B', () => {
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
  let scratch: { society: string; group: string };
  let memberships: { project: string[]; society: string[] };

  beforeAll(async () => {
    const as = { token: world.superAdmin };
    const B = world.ids.otherProject;
    const [project, group, society] = await Promise.all([
      call(projects.getProject, { ...as, params: { uuid: B.project[0] as string } }),
      call(groups.getGroup, { ...as, params: { uuid: B.group[0] as string } }),
      call(societies.getSociety, { ...as, params: { uuid: B.society[0] as string } }),
    ]);
    otherSide = [
      ...worldIdsUnder(world, ['otherProject']),
      project.body.project_name,
      group.body.group_name,
      society.body.society_business_name,
      society.body.society_rut as string,
    ];
    // Entities of A for the writes that name the person in a body, so the world's own keep their members.
    const [scratchGroup, scratchSociety] = await Promise.all([
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
    ]);
    expect(scratchGroup.status).toBe(201);
    expect(scratchSociety.status, JSON.stringify(scratchSociety.body)).toBe(201);
    scratch = { group: scratchGroup.body.uuid, society: scratchSociety.body.uuid };
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

  /** What changed of firm B's side during the watch: the keys, each with what B would see differ. */
  async function otherSideChanges(watch: TableWatch, person: string) {
    const { before, after } = await watch.changes();
    const changed: string[] = [];
    for (const key of changedKeys(before, after)) {
      const [old, now] = [parsed(before.get(key)), parsed(after.get(key))];
      const entry = (now ?? old)?.entry as string | undefined;
      if (key === `USER#${person} USER`) {
        if (JSON.stringify(sideB(old)) !== JSON.stringify(sideB(now))) changed.push(key);
      } else if (entry?.startsWith(person)) {
        const fields = (item: typeof old) => pick(item?.value as Record<string, unknown> | undefined, ENTRY_FIELDS);
        // A listing entry of the person: in B's directories it appears or goes only with B's memberships (in A's,
        // with A's); wherever it stays, its account fields stay.
        const ofB = otherSide.some((id) => key.includes(id));
        if ((old === undefined) !== (now === undefined)) {
          if (ofB) changed.push(key);
        } else if (JSON.stringify(fields(old)) !== JSON.stringify(fields(now))) changed.push(key);
      } else if (otherSide.some((id) => before.get(key)?.includes(id) || after.get(key)?.includes(id))) {
        changed.push(key);
      }
    }
    return changed;
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

  const CHANGES_ACCOUNT = new Set(ACCOUNT_FIELDS);
  const sharedCases = protectedContracts.flatMap(sharedCasesOf).map((c) => [sharedCaseName(c), c] as const);

  test('the contract table yields shared-world cases for every way to name a person', () => {
    const hows = new Set(sharedCases.map(([, c]) => c.how));
    expect([...hows].sort()).toEqual(['body', 'field', 'read', 'search', 'write']);
  });

  test.for(sharedCases)('%s', async ([, c], { expect }) => {
    const caller = world.callers.find((x) => x.name === c.caller.name) as World['callers'][number];
    const entity = world.shared[c.kind];
    const own = (kind: Kind) =>
      kind === 'society' ? scratch.society : kind === 'group' ? scratch.group : (ownId(kind, false) as string);
    const params = Object.fromEntries(
      pathParamNames(c.contract.path).map((name) => [
        name,
        name === c.param ? entity.home : own(pathParamKind(c.contract, name) as Kind),
      ]),
    );
    const query: Array<[string, string]> = c.how === 'search' ? [['search', entity.search]] : [];
    let body: Record<string, unknown> | undefined;
    if (c.how === 'field') body = { [c.field as string]: c.value?.() };
    else if (c.contract.body) {
      body = sampleBody(c.contract, (kind, list) => (list ? [own(kind)] : own(kind)));
      if (c.how === 'body' && body) {
        const list = bodyIdFields(c.contract).find((f) => f.name === c.field)?.list;
        body[c.field as string] = list ? [entity.home] : entity.home;
      }
    }
    const writes = c.contract.method !== 'GET';
    const watch = writes ? await watchTable() : undefined;
    const request = { params, query, body: body === undefined ? undefined : JSON.stringify(body) };
    const token = world.tokens.get(caller.name) as string;
    let answer = await send(c.contract, { ...request, token });
    if (answer.status === 401)
      answer = await send(c.contract, { ...request, token: await renewedToken(caller, token) });
    expect.soft(answer.status, answer.text.slice(0, 300)).toBeLessThan(500);
    if (c.how === 'field' && CHANGES_ACCOUNT.has(c.field as string)) {
      expect.soft(answer.status, `an account-wide field: ${answer.text.slice(0, 300)}`).toBe(403);
    }
    if (c.how === 'field' && c.field === 'user_documentation') expect.soft(answer.status).toBe(200);
    if (c.how === 'read' || c.how === 'search') expect.soft(answer.status, answer.text.slice(0, 300)).toBe(200);
    expect.soft(leakedIds(answer.text, otherSide), `firm B in: ${answer.text.slice(0, 300)}`).toEqual([]);
    if (watch) {
      expect.soft(await otherSideChanges(watch, entity.home), 'firm B’s side changed').toEqual([]);
      await restorePerson();
    }
  });

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
