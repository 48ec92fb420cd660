import { beforeAll, describe, expect, inject, test } from 'vitest';
import * as folders from '../../shared/contracts/folders';
import * as taxCalendar from '../../shared/contracts/tax-calendar';
import { call } from '../helpers/api';
import { buildDocumentsWorld } from './documents-fixture';

/**
 * The tax calendar end to end through the local gateway: a society's deadlines of a year against the table worked
 * by hand from the published calendar, its settings, a filing whose form lands in the society's tax-form folder,
 * the SUPER_ADMIN's rules of a year, and another firm's and a sibling group's callers refused.
 */
let w: Awaited<ReturnType<typeof buildDocumentsWorld>>;
const PDF = new TextEncoder().encode('%PDF-1.4\n% F29 presentado\n%%EOF\n');

beforeAll(async () => {
  w = await buildDocumentsWorld();
}, 180_000);

/** The F29 deadlines of 2027 (day 12 paper, day 20 online), by month of filing, worked by hand. */
const F29_2027: Array<[string, string, string]> = [
  ['2026-12', '2027-01-12', '2027-01-20'],
  ['2027-01', '2027-02-12', '2027-02-22'],
  ['2027-02', '2027-03-12', '2027-03-22'],
  ['2027-03', '2027-04-12', '2027-04-20'],
  ['2027-04', '2027-05-12', '2027-05-20'],
  ['2027-05', '2027-06-14', '2027-06-22'],
  ['2027-06', '2027-07-12', '2027-07-20'],
  ['2027-07', '2027-08-12', '2027-08-20'],
  ['2027-08', '2027-09-13', '2027-09-20'],
  ['2027-09', '2027-10-12', '2027-10-20'],
  ['2027-10', '2027-11-12', '2027-11-22'],
  ['2027-11', '2027-12-13', '2027-12-20'],
];

async function fileForm(token: string, society: string, fields: Record<string, string>, withFile: boolean) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (withFile) form.set('file', new Blob([PDF], { type: 'application/pdf' }), 'F29 octubre 2026.pdf');
  const response = await fetch(`${inject('portal').apiUrl}/api/v1/tax-calendar/society/${society}/filings/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('a society’s calendar', () => {
  test('2027: F29 on day 20 by default, on day 12 once set, F22 and the chosen sworn statements', async () => {
    const first = await call(taxCalendar.getSocietyTaxCalendar, {
      token: w.tokens.paP,
      params: { uuid: w.S },
      query: { year: 2027 },
    });
    expect(first.status).toBe(200);
    expect(first.body.settings).toEqual({ f29_online: true, f50: false, declarations: [] });
    const f29 = first.body.obligations.filter((o) => o.form === 'F29');
    expect(f29.map((o) => [o.period, o.due])).toEqual(F29_2027.map(([p, , online]) => [p, online]));
    expect(first.body.obligations.find((o) => o.form === 'F22')).toMatchObject({ period: '2027', due: '2027-04-30' });
    expect(first.body.can_file).toBe(true);

    const set = await call(taxCalendar.putSocietyTaxSettings, {
      token: w.tokens.gaG,
      params: { uuid: w.S },
      body: { f29_online: false, f50: true, declarations: ['1887'] },
    });
    expect(set.status).toBe(200);
    const after = await call(taxCalendar.getSocietyTaxCalendar, {
      token: w.tokens.user,
      params: { uuid: w.S },
      query: { year: 2027 },
    });
    expect(after.status).toBe(200);
    expect(after.body.can_file).toBe(false);
    const paper = after.body.obligations.filter((o) => o.form === 'F29');
    expect(paper.map((o) => [o.period, o.due])).toEqual(F29_2027.map(([p, day12]) => [p, day12]));
    expect(after.body.obligations.filter((o) => o.form === 'F50')).toHaveLength(12);
    // DJ 1887 on 28 March 2027, a Sunday: Monday 29.
    expect(after.body.obligations.find((o) => o.form === 'DJ1887')).toMatchObject({ due: '2027-03-29' });
    expect(after.body.obligations.every((o) => o.state === 'pendiente' || o.due < after.body.today)).toBe(true);

    // Back to the defaults for the tests below.
    await call(taxCalendar.putSocietyTaxSettings, {
      token: w.tokens.gaG,
      params: { uuid: w.S },
      body: { f29_online: true, f50: false, declarations: [] },
    });
  });

  test('a year without rules answers 404; a year out of range 400', async () => {
    const none = await call(taxCalendar.getSocietyTaxCalendar, {
      token: w.tokens.paP,
      params: { uuid: w.S },
      query: { year: 2031 },
    });
    expect(none.status).toBe(404);
    const out = await call(taxCalendar.getSocietyTaxCalendar, {
      token: w.tokens.paP,
      params: { uuid: w.S },
      query: { year: 1999 },
    });
    expect(out.status).toBe(400);
  });
});

describe('marking filed', () => {
  test('the filed F29 lands in the society’s F29 folder of its year; the calendar shows it filed', async () => {
    const filed = await fileForm(w.tokens.gaG, w.S, { form: 'F29', period: '2026-10' }, true);
    expect(filed.status).toBe(201);
    expect(filed.body).toMatchObject({ id: 'F29#2026-10', due: '2026-11-20', state: 'presentada' });
    const document = (filed.body.filed as { document: { uuid: string; file_name: string } }).document;
    expect(document.file_name).toBe('F29 octubre 2026.pdf');

    const folder = await call(folders.listTaxFolders, {
      token: w.tokens.paP,
      query: { society: w.S, form: 'F29', year: 2026 },
    });
    expect(folder.status).toBe(200);
    expect(folder.body.results.map((r) => r.uuid)).toContain(document.uuid);

    const calendar = await call(taxCalendar.getSocietyTaxCalendar, {
      token: w.tokens.user,
      params: { uuid: w.S },
      query: { year: 2026 },
    });
    expect(calendar.status).toBe(200);
    const october = calendar.body.obligations.find((o) => o.id === 'F29#2026-10');
    expect(october).toMatchObject({ state: 'presentada', filed: { document: { uuid: document.uuid } } });
    // The other months keep their own state: overdue once their deadline passed, pending until then.
    for (const o of calendar.body.obligations.filter((x) => x.id !== 'F29#2026-10')) {
      expect(o.state).toBe(o.due < calendar.body.today ? 'vencida' : 'pendiente');
    }
    // A client without the firm's documents sees the state, not the document.
    const noDocs = await call(taxCalendar.getSocietyTaxCalendar, {
      token: w.tokens.userNoDocs,
      params: { uuid: w.S },
      query: { year: 2026 },
    });
    expect(noDocs.body.obligations.find((o) => o.id === 'F29#2026-10')).toMatchObject({
      state: 'presentada',
      filed: { document: null },
    });
  });

  test('filed again with the same file name: both kept, the calendar names the newer', async () => {
    const again = await fileForm(w.tokens.paP, w.S, { form: 'F29', period: '2026-10' }, true);
    expect(again.status).toBe(201);
    const document = (again.body.filed as { document: { file_name: string } }).document;
    expect(document.file_name).toBe('F29 octubre 2026 (2).pdf');
  });

  test('without a file; what the calendar does not hold is refused, and nothing is written', async () => {
    expect((await fileForm(w.tokens.paP, w.S, { form: 'F22', period: '2026' }, false)).status).toBe(201);
    // F50 is not set for this society; a period of the wrong shape; a sworn statement with a file.
    expect((await fileForm(w.tokens.paP, w.S, { form: 'F50', period: '2026-03' }, false)).status).toBe(400);
    expect((await fileForm(w.tokens.paP, w.S, { form: 'F29', period: '2026' }, false)).status).toBe(400);
    expect((await fileForm(w.tokens.paP, w.S, { form: 'DJ1887', period: '2026' }, true)).status).toBe(400);
    expect((await fileForm(w.tokens.paP, w.S, { form: 'F99', period: '2026-03' }, false)).status).toBe(400);
    const calendar = await call(taxCalendar.getSocietyTaxCalendar, {
      token: w.tokens.paP,
      params: { uuid: w.S },
      query: { year: 2026 },
    });
    expect(calendar.body.obligations.find((o) => o.id === 'F22#2026')).toMatchObject({
      state: 'presentada',
      filed: { document: null },
    });
    expect(calendar.body.obligations.find((o) => o.id === 'F29#2026-03')?.state).toBe('vencida');
  });
});

describe('withdrawing a filing', () => {
  test('the obligation goes back to its state by the date; the filed form stays in its folder', async () => {
    const filed = await fileForm(w.tokens.gaG, w.S, { form: 'F29', period: '2026-08' }, true);
    expect(filed.status).toBe(201);
    const document = (filed.body.filed as { document: { uuid: string } }).document;
    const undone = await call(taxCalendar.withdrawTaxFiling, {
      token: w.tokens.gaG,
      params: { uuid: w.S },
      body: { form: 'F29', period: '2026-08' },
    });
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({ id: 'F29#2026-08', filed: null, state: 'vencida' });
    const calendar = await call(taxCalendar.getSocietyTaxCalendar, {
      token: w.tokens.paP,
      params: { uuid: w.S },
      query: { year: 2026 },
    });
    expect(calendar.body.obligations.find((o) => o.id === 'F29#2026-08')).toMatchObject({ filed: null });
    const folder = await call(folders.listTaxFolders, {
      token: w.tokens.paP,
      query: { society: w.S, form: 'F29', year: 2026 },
    });
    expect(folder.body.results.map((r) => r.uuid)).toContain(document.uuid);
    // Again: nothing to undo, the same answer.
    const again = await call(taxCalendar.withdrawTaxFiling, {
      token: w.tokens.gaG,
      params: { uuid: w.S },
      body: { form: 'F29', period: '2026-08' },
    });
    expect(again.status).toBe(200);
    expect(again.body.filed).toBeNull();
  });
});

describe('tenancy', () => {
  test('another firm’s, a sibling group’s and another client’s callers get 404; clients cannot file', async () => {
    for (const token of [w.tokens.paQ, w.tokens.gaG2, w.tokens.userQ]) {
      const read = await call(taxCalendar.getSocietyTaxCalendar, { token, params: { uuid: w.S }, query: {} });
      expect(read.status).toBe(404);
    }
    for (const token of [w.tokens.paQ, w.tokens.gaG2]) {
      expect((await fileForm(token, w.S, { form: 'F29', period: '2026-09' }, true)).status).toBe(404);
      const set = await call(taxCalendar.putSocietyTaxSettings, {
        token,
        params: { uuid: w.S },
        body: { f29_online: false, f50: false, declarations: [] },
      });
      expect(set.status).toBe(404);
      const withdraw = await call(taxCalendar.withdrawTaxFiling, {
        token,
        params: { uuid: w.S },
        body: { form: 'F29', period: '2026-10' },
      });
      expect(withdraw.status).toBe(404);
    }
    // The client of S reads its own society only.
    const sibling = await call(taxCalendar.getSocietyTaxCalendar, { token: w.tokens.user, params: { uuid: w.S2 } });
    expect(sibling.status).toBe(404);
    expect((await fileForm(w.tokens.user, w.S, { form: 'F29', period: '2026-09' }, false)).status).toBe(403);
    const mine = await call(taxCalendar.getSocietyTaxCalendar, { token: w.tokens.gaG, params: { uuid: w.S } });
    expect(mine.body.obligations.find((o) => o.id === 'F29#2026-09')?.state).not.toBe('presentada');
  });
});

describe('the rules of a year', () => {
  test('committed until the SUPER_ADMIN saves a year; the saved one moves the deadlines', async () => {
    const committed = await call(taxCalendar.getTaxRules, { token: w.tokens.sa, query: { year: 2028 } });
    expect(committed.body).toMatchObject({ origin: null, rules: null });
    const y2026 = await call(taxCalendar.getTaxRules, { token: w.tokens.sa, query: { year: 2026 } });
    expect(y2026.body.origin).toBe('committed');
    expect(y2026.body.rules?.holidays).toHaveLength(16);
    expect(y2026.body.rules?.sources.join(' ')).toContain('Código Tributario art. 10');

    const rules = {
      holidays: [{ date: '2028-03-20', name: 'Feriado de prueba' }],
      f29: { day: 12, online_day: 20 },
      f22: { due: '2028-04-30' },
      f50: { day: 12 },
      declarations: [],
      sources: ['Prueba'],
    };
    const saved = await call(taxCalendar.putTaxRules, { token: w.tokens.sa, body: { year: 2028, rules } });
    expect(saved.status).toBe(200);
    expect(saved.body.origin).toBe('saved');
    const calendar = await call(taxCalendar.getSocietyTaxCalendar, {
      token: w.tokens.paP,
      params: { uuid: w.S },
      query: { year: 2028 },
    });
    // Monday 20 March 2028 is the saved holiday: Tuesday 21. F22 on 30 April 2028, a Sunday: Monday 1 May (no
    // holiday in this saved year: the saved list is the whole list).
    expect(calendar.body.obligations.find((o) => o.id === 'F29#2028-02')?.due).toBe('2028-03-21');
    expect(calendar.body.obligations.find((o) => o.id === 'F22#2028')?.due).toBe('2028-05-01');

    expect((await call(taxCalendar.putTaxRules, { token: w.tokens.paP, body: { year: 2028, rules } })).status).toBe(
      403,
    );
    const bad = await call(taxCalendar.putTaxRules, {
      token: w.tokens.sa,
      body: { year: 2028, rules: { ...rules, holidays: [{ date: '2028-02-30', name: 'x' }] } },
    });
    expect(bad.status).toBe(400);
  });

  test('the month’s deadlines for the home', async () => {
    const month = await call(taxCalendar.getTaxMonth, { token: w.tokens.user, query: { month: '2026-09' } });
    expect(month.status).toBe(200);
    expect(month.body.deadlines.map((d) => [d.form, d.due])).toEqual([
      ['F29', '2026-09-14'],
      ['F50', '2026-09-14'],
      ['F29', '2026-09-21'],
    ]);
  });
});
