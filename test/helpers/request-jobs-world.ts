import type { Contract } from '../../shared/contracts/define';
import * as groups from '../../shared/contracts/groups';
import * as projects from '../../shared/contracts/projects';
import * as societies from '../../shared/contracts/societies';
import { call, signIn } from './api';
import { createTestUser } from './db';
import { firmDomainReady } from './firm-domain';
import { unique } from './fresh';
import { type InProcessRequest, invokeInProcess } from './in-process';
import { societyBody } from './societies';

/**
 * The world of the request jobs' tests (test/integration/request-schedules.test.ts, request-reminders.test.ts), built through the API
 * as SUPER_ADMIN: firm P with group G (`size` societies, each with a USER_SOCIETY, and a USER_GROUP), a sibling group
 * G2 with one society, and another firm Q with one; an admin of each scope.
 */
export const ok = <T extends { status: number; body: unknown }>(what: string, r: T) => {
  if (r.status !== 201 && r.status !== 200) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as T['body'] & { uuid: string };
};

export async function buildRequestWorld(size: number, label: string) {
  const root = await createTestUser('SUPER_ADMIN');
  const sa = (await signIn(root.email)).access;
  const industry = (await call(societies.listIndustries, { token: sa })).body[0]?.uuid as string;
  const project = async (name: string, color: string) =>
    ok(
      'project',
      await call(projects.createProject, {
        token: sa,
        body: {
          project_name: name,
          client_name: 'Cliente SpA',
          associated_service_description: 'Contabilidad',
          service_description: 'Portal',
          admin: [],
          custom_portal_url: `https://${unique()}.solicitudes.cl`,
          primary_color: color,
        },
      }),
    );
  const group = async (p: string, admin: string[], user: string[]) =>
    ok(
      'group',
      await call(groups.createGroup, {
        token: sa,
        body: { group_name: `Grupo ${label} ${unique()}`, group_description: label, project: p, admin, user },
      }),
    ).uuid;
  const society = async (g: string, name: string, user: string[]) =>
    ok(
      'society',
      await call(societies.createSociety, {
        token: sa,
        body: societyBody(g, {
          society_business_name: name,
          company_code: 'SOL',
          industry_type: industry,
          society_email: 'contacto@solicitudes.cl',
          user,
        }),
      }),
    ).uuid;

  const P = await project(`Andes ${label} ${unique()}`, '#7A1F5C');
  const Q = await project(`Pacífico ${label} ${unique()}`, '#1F7A3C');
  // Both firms' domains are ready, so their mails link to them.
  for (const firm of [P, Q]) await firmDomainReady(firm.uuid, firm.custom_portal_url as string);
  const [paP, gaG, gaG2, paQ, ug] = await Promise.all([
    createTestUser('PROJECT_ADMIN', [P.uuid], label),
    createTestUser('GROUP_ADMIN', [P.uuid], label),
    createTestUser('GROUP_ADMIN', [P.uuid], label),
    createTestUser('PROJECT_ADMIN', [Q.uuid], label),
    createTestUser('USER_GROUP', [P.uuid], label),
  ]);
  const clients = await Promise.all(
    Array.from({ length: size }, () => createTestUser('USER_SOCIETY', [P.uuid], label)),
  );
  const [us2, usQ] = await Promise.all([
    createTestUser('USER_SOCIETY', [P.uuid], label),
    createTestUser('USER_SOCIETY', [Q.uuid], label),
  ]);
  const G = await group(P.uuid, [gaG.uuid], [ug.uuid]);
  const G2 = await group(P.uuid, [gaG2.uuid], []);
  const GQ = await group(Q.uuid, [], []);
  const S: string[] = [];
  for (const [i, client] of clients.entries()) {
    S.push(await society(G, `Sociedad ${label} ${i} ${unique()} SpA`, [client.uuid]));
  }
  const S2 = await society(G2, `Hermana ${label} ${unique()} SpA`, [us2.uuid]);
  const SQ = await society(GQ, `Otra firma ${label} ${unique()} SpA`, [usQ.uuid]);
  const tokens = Object.fromEntries(
    await Promise.all(
      Object.entries({ paP, gaG, gaG2, paQ, ug, us2, usQ, us0: clients[0] as { email: string } }).map(
        async ([name, person]) => [name, (await signIn(person.email)).access] as const,
      ),
    ),
  ) as Record<'paP' | 'gaG' | 'gaG2' | 'paQ' | 'ug' | 'us2' | 'usQ' | 'us0', string>;
  return { sa, P, Q, G, G2, GQ, S, S2, SQ, people: { paP, gaG, gaG2, paQ, ug, us2, usQ, clients }, tokens };
}

/** A Chilean day's instant: noon in Santiago (UTC-3 in summer, -4 in winter: noon UTC is morning there). */
export const at = (day: string) => Date.parse(`${day}T15:00:00Z`);

/** A handler run in this process with the server's clock at `now`, under its contract's permissions. */
export async function invokeAt(now: number, contract: Contract, request: InProcessRequest) {
  const [{ setClockOffset }, { installIamEmulation, runAs }] = await Promise.all([
    import('../../functions/lib/clock'),
    import('../../local/iam-emulation'),
  ]);
  await installIamEmulation();
  setClockOffset(now - Date.now());
  try {
    return await runAs(contract, () => invokeInProcess(contract, request));
  } finally {
    setClockOffset(0);
  }
}

/**
 * The recurring requests job as of `now`, in this process under its own grant; with `project`, that firm's schedules
 * only (other files' firms have schedules of their own, due on the same days).
 */
export async function runRecurring(now: number, project?: string) {
  const [{ generateRecurringRequests }, { installIamEmulation, runAsJob }, { RECURRING_REQUESTS_PERMISSIONS }] =
    await Promise.all([
      import('../../functions/requests/generate-recurring-requests'),
      import('../../local/iam-emulation'),
      import('../../infra/permissions'),
    ]);
  await installIamEmulation();
  return runAsJob('generateRecurringRequests', RECURRING_REQUESTS_PERMISSIONS, () =>
    generateRecurringRequests({ now, project }),
  );
}

/** The reminders job as of `now`, in this process under its own grant. */
export async function runReminders(now: number, pace: () => Promise<void> = async () => {}) {
  const [{ sendRequestReminders }, { installIamEmulation, runAsJob }, { REQUEST_REMINDERS_PERMISSIONS }] =
    await Promise.all([
      import('../../functions/requests/send-request-reminders'),
      import('../../local/iam-emulation'),
      import('../../infra/permissions'),
    ]);
  await installIamEmulation();
  return runAsJob('sendRequestReminders', REQUEST_REMINDERS_PERMISSIONS, () => sendRequestReminders({ now, pace }));
}

/** Every request of a group (open ones), as its listing rows hold them: society and period of each. */
export async function groupRequests(group: string) {
  const { requestRowPage, listPartition } = await import('../../functions/lib/data/requests');
  const rows = [];
  let cursor: string | undefined;
  do {
    const page = await requestRowPage({
      partitions: [listPartition('G', group, 'OPEN')],
      filters: {},
      limit: 100,
      cursor,
    });
    rows.push(...page.rows);
    cursor = page.next ?? undefined;
  } while (cursor);
  return rows;
}
