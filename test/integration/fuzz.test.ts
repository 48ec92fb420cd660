import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, expect, test } from 'vitest';
import { contracts } from '../../shared/contracts';
import { getUserInfo } from '../../shared/contracts/auth';
import { pathParamNames } from '../../shared/contracts/define';
import * as groups from '../../shared/contracts/groups';
import * as projects from '../../shared/contracts/projects';
import * as requests from '../../shared/contracts/requests';
import * as societies from '../../shared/contracts/societies';
import { call, signIn } from '../helpers/api';
import { FIXED_SAMPLE_TEXTS, pathParamKind, shapeOf } from '../helpers/contract-inputs';
import { createTestUser } from '../helpers/db';
import { edgeBodies } from '../helpers/edge-inputs';
import { mentions, requestArb, sentValues } from '../helpers/fuzz-inputs';
import { type RawRequest, send } from '../helpers/raw-http';
import { societyBody } from '../helpers/societies';
import { type Changes, changedKeys, watchTable } from '../helpers/table-changes';
import type { Kind } from '../helpers/tenant-world';

/**
 * "fuzzing from the zod schemas": every contract of the table gets malformed path params, query and bodies
 * (test/helpers/fuzz-inputs.ts) from SUPER_ADMIN, a PROJECT_ADMIN and a caller without a token. It must never answer
 * 5xx, and a 4xx must leave the table as it was.
 *
 * "As it was" is checked on the table's change stream around each write request (and around all the reads of a
 * contract, which must write nothing at all; test/helpers/table-changes.ts): bookkeeping a refusal may write (request/session logs, audit, throttles; see
 * table-changes.ts) is left out. Other test files write to the same table at the same time, so a changed item counts
 * against the request when it mentions this file's entities or callers, or any value the request sent of
 * six characters or more (compared without case or accents, as uniqueness markers store it; a number only as a whole
 * number, so that a sent code such as 000000 is not found inside another file's amount).
 *
 * The sample is fixed: every run draws the same requests from FUZZ_SEED (a fixed default), printed at the start and
 * with any failure, so a failure seen once is seen again by `FUZZ_SEED=<seed>`. A wider search is a separate, larger
 * run (`npm run test:fuzz-wide`: FUZZ_RUNS=40 and a seed of the day), which the normal test run does not do.
 */
const DEFAULT_SEED = 20_240_601;
/** A few runs per contract and caller keep the file well under two minutes; FUZZ_RUNS asks for a deeper search. */
const RUNS = positiveInteger('FUZZ_RUNS', 4);
const SEED = positiveInteger('FUZZ_SEED', DEFAULT_SEED);

function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be a whole number, not ${raw}`);
  return value;
}
console.info(`fuzz: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} (set both to replay this sample)`);

interface FuzzCaller {
  name: 'SUPER_ADMIN' | 'PROJECT_ADMIN' | 'public';
  email?: string;
  token?: string;
}

const callers: FuzzCaller[] = [{ name: 'SUPER_ADMIN' }, { name: 'PROJECT_ADMIN' }, { name: 'public' }];
/** Live ids of this file's own project, group and society, offered to reads (never to writes: a DELETE would go). */
const live: Record<string, string> = {};
const liveForWrites: Record<string, string> = {};
let relevant: string[] = [];

beforeAll(async () => {
  // Callers of its own: a fuzz request may end its caller's sessions (a logout with an empty body is valid), and the
  // demo accounts are shared with the other files.
  const root = await createTestUser('SUPER_ADMIN');
  const superAdmin = (await signIn(root.email)).access;
  const admin = await createTestUser('PROJECT_ADMIN');
  const project = await call(projects.createProject, {
    token: superAdmin,
    body: {
      project_name: `Fuzz ${admin.uuid.slice(0, 8)}`,
      client_name: 'Cliente SpA',
      associated_service_description: 'Contabilidad',
      service_description: 'Portal',
      admin: [admin.uuid],
    },
  });
  const group = await call(groups.createGroup, {
    token: superAdmin,
    body: { group_name: 'Grupo Fuzz', group_description: 'Fuzz', project: project.body.uuid },
  });
  const industry = (await call(societies.listIndustries, { token: superAdmin })).body[0]?.uuid as string;
  const society = await call(societies.createSociety, {
    token: superAdmin,
    body: societyBody(group.body.uuid, {
      society_business_name: `Fuzz ${admin.uuid.slice(0, 8)} SpA`,
      company_code: 'FUZ',
      industry_type: industry,
      society_email: 'contacto@fuzz.cl',
    }),
  });
  expect([project.status, group.status, society.status]).toEqual([201, 201, 201]);
  Object.assign(live, { project: project.body.uuid, group: group.body.uuid, society: society.body.uuid });
  Object.assign(live, { user: admin.uuid });
  // The edge-valid writes change a user of the project, never a caller.
  const victim = await createTestUser('USER_SOCIETY', [project.body.uuid]);
  // A monthly request template of the project, for the edge-valid edits of one.
  const template = await call(requests.createRequestTemplate, {
    token: superAdmin,
    body: {
      project: project.body.uuid,
      name: 'Plantilla fuzz',
      items: [{ name: 'Libro de compras' }],
      recurrence: { kind: 'MONTHLY_F29' },
    },
  });
  expect(template.status).toBe(201);
  Object.assign(liveForWrites, { ...live, user: victim.uuid, industry, requestTemplate: template.body.uuid });
  Object.assign(callers[0] as FuzzCaller, { email: root.email, token: superAdmin });
  Object.assign(callers[1] as FuzzCaller, { email: admin.email, token: (await signIn(admin.email)).access });
  relevant = [...Object.values(liveForWrites).filter((id) => id !== industry), admin.uuid, root.uuid];
}, 120_000);

const normal = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Changed items that this request could have written (see the file's comment for why not every change). */
function changesOf({ before, after }: Changes, requests: RawRequest[]): string[] {
  // A fixed sample text ('Descripción de prueba') is also what other files send: it marks nothing as this request's.
  const shared = new Set(FIXED_SAMPLE_TEXTS.map(normal));
  const marks = [
    ...relevant,
    ...requests
      .flatMap(sentValues)
      .map(normal)
      .filter((value) => !shared.has(value)),
  ];
  return changedKeys(before, after).filter((key) => {
    const text = normal(`${before.get(key) ?? ''} ${after.get(key) ?? ''}`);
    return marks.some((mark) => mentions(text, mark));
  });
}

const admits = (access: (typeof contracts)[number]['access'], caller: FuzzCaller) =>
  access === 'public' || (caller.name !== 'public' && (access as readonly string[]).includes(caller.name));

/** Live ids for a read's path params, by the kind each param denotes. */
function liveIdsFor(contract: (typeof contracts)[number]) {
  if (contract.method !== 'GET') return undefined;
  const ids: Record<string, string> = {};
  for (const name of contract.path.match(/\{(\w+)\}/g) ?? []) {
    const param = name.slice(1, -1);
    const kind = pathParamKind(contract, param);
    if (kind && live[kind]) ids[param] = live[kind];
  }
  return ids;
}

const describeRequest = (r: RawRequest) =>
  JSON.stringify({
    params: r.params,
    query: r.query,
    contentType: r.contentType,
    body: typeof r.body === 'string' ? r.body.slice(0, 300) : r.body?.toString('utf8').slice(0, 300),
  });

const cases = contracts.flatMap((contract, i) =>
  callers.map((caller, j) => [`${contract.id} as ${caller.name}`, contract, caller, i * callers.length + j] as const),
);

test('the contract table yields fuzz cases for three callers', () => {
  expect(cases.length).toBe(contracts.length * 3);
});

test.each(cases)('%s: never 5xx, a 4xx changes nothing', async (_, contract, caller, index) => {
  const requests = fc.sample(requestArb(contract, liveIdsFor(contract)), { numRuns: RUNS, seed: SEED + index });
  const problems: string[] = [];
  const watched = admits(contract.access, caller);
  const reads = contract.method === 'GET';
  const readsWatch = watched && reads ? await watchTable() : undefined;
  for (const request of requests) {
    const watch = watched && !reads ? await watchTable() : undefined;
    const answer = await send(contract, { ...request, token: caller.token });
    if (answer.status >= 500) {
      problems.push(`${answer.status} ${answer.text.slice(0, 200)} for ${describeRequest(request)}`);
    }
    const changes = await watch?.changes();
    if (changes && answer.status >= 400 && answer.status < 500) {
      const changed = changesOf(changes, [request]);
      if (changed.length > 0) problems.push(`${answer.status} changed ${changed} for ${describeRequest(request)}`);
    }
  }
  if (readsWatch) {
    const changed = changesOf(await readsWatch.changes(), requests);
    if (changed.length > 0) problems.push(`reads changed ${changed}`);
  }
  // A fuzz request may have ended the caller's session: sign in again.
  if (caller.token && (await call(getUserInfo, { token: caller.token })).status === 401) {
    caller.token = (await signIn(caller.email as string)).access;
  }
  expect(problems, `FUZZ_SEED=${SEED}`).toEqual([]);
});

/**
 * Valid bodies at the schema's edges (test/helpers/edge-inputs.ts) sent to this file's live project, group, society
 * and user, so the handlers themselves run: never 5xx, and a refusal (a name taken, a rule broken) changes nothing.
 * Not DELETE (it would remove the entities the next cases use), nor bodies carrying a password for a signed-in
 * caller (it would change the caller's own).
 */
const edgeCases = contracts
  .filter((c) => c.body && c.method !== 'DELETE')
  .flatMap((contract) => callers.map((caller) => [`${contract.id} as ${caller.name}`, contract, caller] as const))
  // By name: the callers' tokens are only set in beforeAll, after this list is built.
  .filter(([, contract, caller]) => !(caller.name !== 'public' && 'password' in shapeOf(contract.body)));

test.each(edgeCases)(
  '%s, edge-valid bodies on live entities: never 5xx, a 4xx changes nothing',
  async (_, contract, caller) => {
    const idFor = (kind: Kind, list: boolean) => {
      const id = liveForWrites[kind] ?? randomUUID();
      return list ? [id] : id;
    };
    const bodies = edgeBodies(contract, idFor, RUNS, SEED);
    if (!bodies) throw new Error(`${contract.id} has a body schema but no sample`);
    const params = Object.fromEntries(
      pathParamNames(contract.path).map((name) => {
        const kind = pathParamKind(contract, name);
        // Global industries stay as they are: other files read their names.
        return [name, kind && kind !== 'industry' && liveForWrites[kind] ? liveForWrites[kind] : randomUUID()];
      }),
    );
    const problems: string[] = [];
    for (const body of bodies) {
      const request: RawRequest = { params, body: JSON.stringify(body), contentType: 'application/json' };
      const watched = admits(contract.access, caller);
      const watch = watched ? await watchTable() : undefined;
      const answer = await send(contract, { ...request, token: caller.token });
      if (answer.status >= 500) problems.push(`${answer.status} for ${describeRequest(request)}`);
      const changes = await watch?.changes();
      if (changes && answer.status >= 400 && answer.status < 500) {
        const changed = changesOf(changes, [request]);
        if (changed.length > 0) problems.push(`${answer.status} changed ${changed} for ${describeRequest(request)}`);
      }
    }
    if (caller.token && (await call(getUserInfo, { token: caller.token })).status === 401) {
      caller.token = (await signIn(caller.email as string)).access;
    }
    expect(problems, `FUZZ_SEED=${SEED}`).toEqual([]);
  },
);
