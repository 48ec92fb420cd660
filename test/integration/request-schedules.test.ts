import { beforeAll, describe, expect, test } from 'vitest';
import * as folders from '../../shared/contracts/folders';
import * as requests from '../../shared/contracts/requests';
import { call } from '../helpers/api';
import { tableAccess } from '../helpers/db';
import { allMailTo, waitForMail } from '../helpers/mail';
import { at, buildRequestWorld, groupRequests, invokeAt, ok, runRecurring } from '../helpers/request-jobs-world';

/**
 * Request templates and recurring schedules (functions/requests/templates.ts) and the daily job that makes each
 * period's requests (functions/requests/generate-recurring-requests.ts). The clock is injected: the schedules are set
 * "on" 2027-02-01 (the handler run in this process with the server's clock there) and the job is run as of the days
 * below. The expected days are worked by hand from the committed 2027 calendar (shared/tax-calendar/committed.ts):
 *
 * - F29 of January 2027: day 20 of February, a Saturday → Monday 2027-02-22; due 5 days before (offset −5):
 *   2027-02-17; made 10 days before that (lead 10): 2027-02-07.
 * - F29 of February 2027: 2027-03-20, a Saturday → 2027-03-22; due 2027-03-17; made 2027-03-07.
 * - F22 of tax year 2027: 2027-04-30, a Friday; offset −10 → due 2027-04-20; lead 20 → made 2027-03-31.
 * - F29 of March 2027: 2027-04-20, a Tuesday; due 2027-04-15; made 2027-03-26 once the template's lead is 20 days.
 * - F29 of December 2026 (due 2027-01-15) is already past on 2027-02-01: a new schedule starts after it.
 *
 * Each test runs the job on later days than the one before (the schedules only move forward).
 */
const SIZE = 13;
const SET_ON = at('2027-02-01');
let w: Awaited<ReturnType<typeof buildRequestWorld>>;
let monthly: { uuid: string };
let annual: { uuid: string };
let folder: string;

const template = async (token: string, body: Record<string, unknown>) =>
  call(requests.createRequestTemplate, { token, body });

const schedule = (token: string, body: { template: string; target: { kind: string; uuid: string } }) =>
  invokeAt(SET_ON, requests.createRequestSchedule, { token, body });

/** The mail of a request made, to a person: it arrives (the local mail worker), and only once. */
async function madeMailOnce(email: string, title: string) {
  // The mail queue is the whole run's: other files' request and invitation mails may be ahead of this one.
  await waitForMail(email, title, 45_000);
  const mails = (await allMailTo(email)).filter((m) => m.subject.includes(`te solicita documentos: ${title}`));
  expect(mails, email).toHaveLength(1);
}

const ofTemplate = async (templateUuid: string, group: string) =>
  (await groupRequests(group)).filter((r) => r.template?.uuid === templateUuid);

beforeAll(async () => {
  w = await buildRequestWorld(SIZE, 'recurrente');
  folder = ok(
    'folder',
    await call(folders.createFolderTemplate, { token: w.sa, body: { project: w.P.uuid, folder_name: 'Tributario' } }),
  ).uuid;
  monthly = ok(
    'monthly template',
    await template(w.tokens.paP, {
      project: w.P.uuid,
      name: 'Documentos del F29',
      folder,
      items: [{ name: 'Libro de compras' }, { name: 'Libro de ventas', note: 'En Excel' }],
      recurrence: { kind: 'MONTHLY_F29', offset_days: -5, lead_days: 10 },
    }),
  );
  annual = ok(
    'annual template',
    await template(w.tokens.paP, {
      project: w.P.uuid,
      name: 'Antecedentes del F22',
      items: [{ name: 'Balance anual' }],
      reminders: { before_days: [5], on_due: true, after_every_days: null },
      recurrence: { kind: 'ANNUAL_F22', offset_days: -10, lead_days: 20 },
    }),
  );
}, 240_000);

describe('recurring requests', () => {
  test('a GROUP_ADMIN schedules a monthly template for its group; nothing is made before its day', async () => {
    const made = await schedule(w.tokens.gaG, { template: monthly.uuid, target: { kind: 'GROUP', uuid: w.G } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({
      template: { uuid: monthly.uuid, name: 'Documentos del F29' },
      target: { kind: 'GROUP', uuid: w.G },
      last_period: null,
    });
    // The same template on the same target again: refused.
    const again = await schedule(w.tokens.paP, { template: monthly.uuid, target: { kind: 'GROUP', uuid: w.G } });
    expect([again.status, again.body.code]).toEqual([409, 'SCHEDULE_EXISTS']);

    const before = await runRecurring(at('2027-02-06'), w.P.uuid);
    expect(before.created).toBe(0);
    expect(await ofTemplate(monthly.uuid, w.G)).toEqual([]);
  });

  test('on its day the period is made for every society of the group, once, however often the job runs', async () => {
    const first = await runRecurring(at('2027-02-07'), w.P.uuid);
    expect(first).toMatchObject({ created: SIZE, existing: 0 });
    const rows = await ofTemplate(monthly.uuid, w.G);
    expect(rows).toHaveLength(SIZE);
    expect(new Set(rows.map((r) => r.society_uuid))).toEqual(new Set(w.S));
    for (const r of rows) {
      expect(r).toMatchObject({ period: '2027-01', due_date: '2027-02-17', state: 'OPEN' });
      expect(r.title).toBe('Documentos del F29 · enero 2027');
      expect(r.folder).toMatchObject({ uuid: folder, name: 'Tributario' });
    }
    // The same day again, and the next days: nothing more.
    for (const day of ['2027-02-07', '2027-02-08', '2027-03-06']) {
      expect((await runRecurring(at(day), w.P.uuid)).created, day).toBe(0);
    }
    expect(await ofTemplate(monthly.uuid, w.G)).toHaveLength(SIZE);
    // Neither the sibling group nor the other firm got any.
    expect(await ofTemplate(monthly.uuid, w.G2)).toEqual([]);
    expect(await ofTemplate(monthly.uuid, w.GQ)).toEqual([]);
    const list = await call(requests.listRequestSchedules, { token: w.tokens.paP, query: { project: w.P.uuid } });
    expect(list.body.results.find((s: { uuid: string }) => s.uuid)?.last_period).toBe('2027-01');
    // Each society's client is told once that the request was made.
    await madeMailOnce(w.people.clients[0]?.email as string, 'Documentos del F29 · enero 2027');
    await madeMailOnce(w.people.clients[SIZE - 1]?.email as string, 'Documentos del F29 · enero 2027');
  });

  test('the next month on its day: a run that crashes halfway is retried and makes each request once', async () => {
    const [{ installFaultSwitch, runUnderFaults }] = await Promise.all([import('../../local/faults')]);
    const saved = process.env.PORTAL_FAULT_INJECTION;
    process.env.PORTAL_FAULT_INJECTION = 'on';
    try {
      expect(await installFaultSwitch()).toBe(true);
      // Every transaction's answer is lost after DynamoDB applied it: the first chunk of requests lands, then the run
      // throws before the rest and before the period is recorded.
      const crashed = await runUnderFaults(
        'seed=5;rate=1;kinds=5xx;when=after;services=dynamodb;operations=TransactWriteItems',
        () =>
          runRecurring(at('2027-03-07'), w.P.uuid).then(
            () => 'finished',
            () => 'crashed',
          ),
      );
      expect(crashed.result).toBe('crashed');
    } finally {
      if (saved === undefined) delete process.env.PORTAL_FAULT_INJECTION;
      else process.env.PORTAL_FAULT_INJECTION = saved;
    }
    const halfway = (await ofTemplate(monthly.uuid, w.G)).filter((r) => r.period === '2027-02');
    expect(halfway.length).toBeGreaterThan(0);
    expect(halfway.length).toBeLessThan(SIZE);

    // The retry (Scheduler's, or Lambda's) makes the rest; later runs nothing.
    const retry = await runRecurring(at('2027-03-07'), w.P.uuid);
    expect(retry).toMatchObject({ created: SIZE - halfway.length, existing: halfway.length });
    expect((await runRecurring(at('2027-03-07'), w.P.uuid)).created).toBe(0);
    const rows = (await ofTemplate(monthly.uuid, w.G)).filter((r) => r.period === '2027-02');
    expect(rows).toHaveLength(SIZE);
    expect(new Set(rows.map((r) => r.society_uuid)).size).toBe(SIZE);
    expect(rows.every((r) => r.due_date === '2027-03-17')).toBe(true);
    expect(await ofTemplate(monthly.uuid, w.G)).toHaveLength(2 * SIZE);
    // The mails of the requests made before the crash went with the retry's, once each.
    for (const client of w.people.clients) await madeMailOnce(client.email, 'Documentos del F29 · febrero 2027');
  });

  test('a template edited with an earlier creation day moves its schedule: March is made on the new day', async () => {
    // F29 of March 2027: 2027-04-20, a Tuesday; due 2027-04-15; with 20 days of lead it is made on 2027-03-26.
    const edited = await call(requests.putRequestTemplate, {
      token: w.tokens.paP,
      params: { uuid: monthly.uuid },
      body: {
        name: 'Documentos del F29',
        folder,
        items: [{ name: 'Libro de compras' }, { name: 'Libro de ventas', note: 'En Excel' }],
        recurrence: { kind: 'MONTHLY_F29', offset_days: -5, lead_days: 20 },
      },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await runRecurring(at('2027-03-25'), w.P.uuid)).created).toBe(0);
    expect((await runRecurring(at('2027-03-26'), w.P.uuid)).created).toBe(SIZE);
    const march = (await ofTemplate(monthly.uuid, w.G)).filter((r) => r.period === '2027-03');
    expect(march).toHaveLength(SIZE);
    expect(march.every((r) => r.due_date === '2027-04-15')).toBe(true);
  });

  test('the annual F22 template is made on its day for one society; a deleted schedule makes nothing more', async () => {
    const one = ok(
      'schedule',
      await schedule(w.tokens.gaG, { template: annual.uuid, target: { kind: 'SOCIETY', uuid: w.S[0] as string } }),
    );
    const sibling = ok(
      'schedule',
      await schedule(w.tokens.gaG2, { template: annual.uuid, target: { kind: 'GROUP', uuid: w.G2 } }),
    );
    expect((await runRecurring(at('2027-03-30'), w.P.uuid)).created).toBe(0);
    expect(await runRecurring(at('2027-03-31'), w.P.uuid)).toMatchObject({ created: 2 });
    const made = await ofTemplate(annual.uuid, w.G);
    expect(made.map((r) => [r.society_uuid, r.period, r.due_date, r.title])).toEqual([
      [w.S[0], '2027', '2027-04-20', 'Antecedentes del F22 · año tributario 2027'],
    ]);
    expect((await ofTemplate(annual.uuid, w.G2)).map((r) => r.society_uuid)).toEqual([w.S2]);

    // The sibling group's schedule is deleted by its admin; the monthly one stays. Next year's F22 and March's F29:
    // only these.
    expect(
      (await call(requests.deleteRequestSchedule, { token: w.tokens.gaG2, params: { uuid: sibling.uuid } })).status,
    ).toBe(200);
    const later = await runRecurring(at('2028-04-10'), w.P.uuid);
    expect(later.periods.some((p) => p.startsWith(sibling.uuid))).toBe(false);
    expect((await ofTemplate(annual.uuid, w.G2)).map((r) => r.period)).toEqual(['2027']);
    expect((await ofTemplate(annual.uuid, w.G)).map((r) => r.period).sort()).toEqual(['2027', '2028']);
    expect(one.uuid).toBeTruthy();

    // Deleting the template stops its schedules too.
    expect(
      (await call(requests.deleteRequestTemplate, { token: w.tokens.paP, params: { uuid: annual.uuid } })).status,
    ).toBe(200);
    const listed = await call(requests.listRequestSchedules, { token: w.tokens.paP, query: { project: w.P.uuid } });
    expect(listed.body.results.map((s: { template: { uuid: string } }) => s.template.uuid)).not.toContain(annual.uuid);
    expect((await runRecurring(at('2029-04-10'), w.P.uuid)).periods.some((p) => p.startsWith(one.uuid))).toBe(false);
  });

  test('a disabled group gets no recurring request; its periods pass', async () => {
    const setGroupEnable = async (enable: boolean) => {
      const { dynamo, keys, lib, tableName } = await tableAccess();
      await dynamo.send(
        new lib.UpdateCommand({
          TableName: tableName,
          Key: keys.group(w.G2),
          UpdateExpression: 'SET #enable = :enable',
          ExpressionAttributeNames: { '#enable': 'enable' },
          ExpressionAttributeValues: { ':enable': enable },
        }),
      );
    };
    const g2 = ok(
      'schedule',
      await schedule(w.tokens.paP, { template: monthly.uuid, target: { kind: 'GROUP', uuid: w.G2 } }),
    );
    await setGroupEnable(false);
    try {
      const run = await runRecurring(at('2029-05-10'), w.P.uuid);
      expect(run.periods.filter((p) => p.startsWith(g2.uuid)).length).toBeGreaterThan(0);
      expect(await ofTemplate(monthly.uuid, w.G2)).toEqual([]);
    } finally {
      await setGroupEnable(true);
      await call(requests.deleteRequestSchedule, { token: w.tokens.paP, params: { uuid: g2.uuid } });
    }
  });
});

describe('templates and schedules: scope', () => {
  test('templates: the project admin manages them, a group admin lists them, other firms and roles get nothing', async () => {
    const listed = await call(requests.listRequestTemplates, { token: w.tokens.gaG, query: { project: w.P.uuid } });
    expect(listed.status).toBe(200);
    expect(listed.body.results.map((t: { uuid: string }) => t.uuid)).toContain(monthly.uuid);
    // Another firm's admin: 404 on the list, the edit and the deletion; a client: 403 (not its role).
    expect(
      (await call(requests.listRequestTemplates, { token: w.tokens.paQ, query: { project: w.P.uuid } })).status,
    ).toBe(404);
    expect(
      (await call(requests.listRequestTemplates, { token: w.tokens.us0, query: { project: w.P.uuid } })).status,
    ).toBe(403);
    const body = { name: 'Cambiado', items: [{ name: 'Otra cosa' }] };
    expect(
      (await call(requests.putRequestTemplate, { token: w.tokens.paQ, params: { uuid: monthly.uuid }, body })).status,
    ).toBe(404);
    expect(
      (await call(requests.putRequestTemplate, { token: w.tokens.gaG, params: { uuid: monthly.uuid }, body })).status,
    ).toBe(403);
    expect(
      (await call(requests.deleteRequestTemplate, { token: w.tokens.paQ, params: { uuid: monthly.uuid } })).status,
    ).toBe(404);
    expect(
      (await call(requests.deleteRequestTemplate, { token: w.tokens.gaG, params: { uuid: monthly.uuid } })).status,
    ).toBe(403);
    // Creating one in another firm's project, or with another firm's folder.
    const foreign = await template(w.tokens.paQ, { project: w.P.uuid, name: 'Ajena', items: [{ name: 'x' }] });
    expect(foreign.status).toBe(404);
    const qFolder = ok(
      'folder',
      await call(folders.createFolderTemplate, { token: w.sa, body: { project: w.Q.uuid, folder_name: 'Ajena' } }),
    ).uuid;
    const withForeignFolder = await template(w.tokens.paP, {
      project: w.P.uuid,
      name: 'Con carpeta ajena',
      folder: qFolder,
      items: [{ name: 'x' }],
    });
    expect(withForeignFolder.status).toBe(404);
    expect(
      (await template(w.tokens.gaG, { project: w.P.uuid, name: 'Del grupo', items: [{ name: 'x' }] })).status,
    ).toBe(403);
    // The template is unchanged.
    const after = await call(requests.listRequestTemplates, { token: w.tokens.paP, query: { project: w.P.uuid } });
    expect(after.body.results.find((t: { uuid: string }) => t.uuid === monthly.uuid)?.name).toBe('Documentos del F29');
  });

  test('schedules: a target in the caller’s scope only; another group’s or firm’s schedule answers 404', async () => {
    const s = (token: string, target: { kind: string; uuid: string }, templateUuid = monthly.uuid) =>
      schedule(token, { template: templateUuid, target });
    // A group admin: not the sibling group, not its society, not the whole project, not another firm's society.
    expect((await s(w.tokens.gaG2, { kind: 'GROUP', uuid: w.G })).status).toBe(404);
    expect((await s(w.tokens.gaG2, { kind: 'SOCIETY', uuid: w.S[1] as string })).status).toBe(404);
    expect((await s(w.tokens.gaG, { kind: 'PROJECT', uuid: w.P.uuid })).status).toBe(404);
    expect((await s(w.tokens.gaG, { kind: 'SOCIETY', uuid: w.SQ })).status).toBe(404);
    // Another firm's admin: not with P's template, nor P's template on its own society.
    expect((await s(w.tokens.paQ, { kind: 'GROUP', uuid: w.G })).status).toBe(404);
    expect((await s(w.tokens.paQ, { kind: 'SOCIETY', uuid: w.SQ })).status).toBe(404);
    // P's admin, P's template on Q's society: the template applies in its own project only.
    expect((await s(w.tokens.paP, { kind: 'SOCIETY', uuid: w.SQ })).status).toBe(404);
    // A template that is not recurring cannot be scheduled.
    const once = ok(
      'template',
      await template(w.tokens.paP, { project: w.P.uuid, name: 'Una vez', items: [{ name: 'Cartola' }] }),
    );
    const notRecurring = await s(w.tokens.paP, { kind: 'GROUP', uuid: w.G }, once.uuid);
    expect([notRecurring.status, notRecurring.body.code]).toEqual([400, 'TEMPLATE_NOT_RECURRING']);

    // The list: the sibling group's admin sees its own group's schedules only; another firm's admin nothing.
    const mine = ok('schedule', await s(w.tokens.gaG2, { kind: 'SOCIETY', uuid: w.S2 }));
    const g2 = await call(requests.listRequestSchedules, { token: w.tokens.gaG2, query: { project: w.P.uuid } });
    expect(g2.body.results.map((x: { uuid: string }) => x.uuid)).toEqual([mine.uuid]);
    const g = await call(requests.listRequestSchedules, { token: w.tokens.gaG, query: { project: w.P.uuid } });
    expect(g.body.results.map((x: { uuid: string }) => x.uuid)).not.toContain(mine.uuid);
    expect(g.body.results.length).toBeGreaterThan(0);
    expect(
      (await call(requests.listRequestSchedules, { token: w.tokens.paQ, query: { project: w.P.uuid } })).status,
    ).toBe(404);

    // Deleting: another group's admin and another firm's get 404, and the schedule stays.
    const [gSchedule] = g.body.results as Array<{ uuid: string }>;
    expect(
      (
        await call(requests.deleteRequestSchedule, {
          token: w.tokens.gaG2,
          params: { uuid: gSchedule?.uuid as string },
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(requests.deleteRequestSchedule, { token: w.tokens.paQ, params: { uuid: mine.uuid } })).status,
    ).toBe(404);
    expect(
      (await call(requests.deleteRequestSchedule, { token: w.tokens.us2, params: { uuid: mine.uuid } })).status,
    ).toBe(403);
    const still = await call(requests.listRequestSchedules, { token: w.tokens.paP, query: { project: w.P.uuid } });
    expect(still.body.results.map((x: { uuid: string }) => x.uuid)).toEqual(
      expect.arrayContaining([gSchedule?.uuid, mine.uuid]),
    );

    // A template with schedules keeps its kind of recurrence; its dates may change.
    const toAnnual = await call(requests.putRequestTemplate, {
      token: w.tokens.paP,
      params: { uuid: monthly.uuid },
      body: { name: 'Documentos del F29', items: [{ name: 'Libro de compras' }], recurrence: { kind: 'ANNUAL_F22' } },
    });
    expect([toAnnual.status, toAnnual.body.code]).toEqual([409, 'TEMPLATE_HAS_SCHEDULES']);
  });
});
