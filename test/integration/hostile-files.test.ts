import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import * as accounting from '../../shared/contracts/accounting';
import * as registration from '../../shared/contracts/registration';
import { importUsersCsv } from '../../shared/contracts/registration';
import { accountingImport } from '../../shared/i18n/es/accounting';
import { call, signIn } from '../helpers/api';
import { lyingXlsxBomb, peakGrowthMb, xlsxBomb } from '../helpers/hostile-files';
import { invokeInProcess } from '../helpers/in-process';
import { objectCreated } from '../helpers/jobs';
import { allMailTo } from '../helpers/mail';
import { changedKeys, onlyMentioning, watchTable } from '../helpers/table-changes';
import { CHART_CSV, ledgerCsv, societyWithChart, upload } from './accounting-helpers';

/**
 * Hostile spreadsheets, as an attacker with an importer's role would try it: spreadsheets whose parts inflate to
 * hundreds of MB (finding 8's 410 KB XLSX whose shared strings inflate to 419 MB), on the chart and ledger imports of
 * the request path, through the large upload's presigned POST and job, and a users CSV of a million rows. Each is
 * refused with a Spanish message and writes nothing, and the process that reads it (the handler's module, run here in
 * the test's process) grows by a bounded amount; before the budgets, the bomb was imported and took it up by 1.2 GB.
 */
const BOMB_MB = 400;
/** What reading a refused file may add to the process's peak memory (the bomb, read whole, added ~1,200 MB). */
const MEMORY_BOUND_MB = 64;
const f = accountingImport.fileErrors;

let groupAdmin: string;
let superAdmin: string;
let projectAdmin: string;
let worker: typeof import('../../functions/accounting/import-job-worker');
let jobs: typeof import('../../functions/lib/data/accounting-import-jobs');
let ledger: typeof import('../../functions/lib/data/accounting-ledger');

beforeAll(async () => {
  // The handlers build their AWS clients from the environment at load: the test portal's, set before importing.
  Object.assign(process.env, inject('portal').env);
  worker = await import('../../functions/accounting/import-job-worker');
  jobs = await import('../../functions/lib/data/accounting-import-jobs');
  ledger = await import('../../functions/lib/data/accounting-ledger');
  [groupAdmin, superAdmin, projectAdmin] = await Promise.all([
    signIn('grupo@demo.cl').then((t) => t.access),
    signIn('superadmin@demo.cl').then((t) => t.access),
    signIn('proyecto@demo.cl').then((t) => t.access),
  ]);
});

const rowsOf = (csv: string) => csv.split('\n').map((line) => line.split(';'));
/** The demo chart with every account renamed: had the bomb been imported, the stored chart would show it. */
const renamedChart = () =>
  rowsOf(CHART_CSV).map((cells, r) => (r === 0 ? cells : cells.map((c, i) => (i === 1 ? `${c} bis` : c))));

const formWith = (fields: Record<string, string>, field: string, data: Buffer, name: string, type: string) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append(field, new Blob([new Uint8Array(data)], { type }), name);
  return form;
};
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('finding 8: hostile spreadsheets on the request path', () => {
  test('the chart import refuses a 400 KB XLSX whose shared strings inflate to 400 MB, in bounded memory, writing nothing', {
    timeout: 120_000,
  }, async () => {
    const society = await societyWithChart(superAdmin, groupAdmin, 'Bomba');
    const bomb = await xlsxBomb(renamedChart(), BOMB_MB);
    expect(bomb.length).toBeLessThan(512 * 1024);
    // The handler's modules loaded by a harmless refused file first, so the figure is the bomb's alone.
    const warmUp = formWith({ society: society.uuid }, 'file', Buffer.from('a;b\n1;2'), 'plan.csv', 'text/csv');
    expect((await invokeInProcess(accounting.importAccountingChart, { token: groupAdmin, form: warmUp })).status).toBe(
      200,
    );

    const watch = await watchTable();
    const form = formWith({ society: society.uuid }, 'file', bomb, 'plan.xlsx', XLSX);
    const { mb, result } = await peakGrowthMb(() =>
      invokeInProcess(accounting.importAccountingChart, { token: groupAdmin, form }),
    );
    console.log(`chart import of the ${BOMB_MB} MB bomb: peak memory growth ${mb.toFixed(0)} MB`);
    expect(result.body.imported).toBe(false);
    expect(result.body.file_errors).toEqual([f.inflatedTooLarge(48)]);
    expect(mb).toBeLessThan(MEMORY_BOUND_MB);

    // And over HTTP, as the attacker sends it: the same answer.
    const answer = await upload(
      accounting.importAccountingChart,
      groupAdmin,
      { society: society.uuid },
      {
        name: 'plan.xlsx',
        data: bomb,
        type: XLSX,
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ imported: false, file_errors: [f.inflatedTooLarge(48)], rows: 0 });
    const { before, after } = await watch.changes();
    expect(changedKeys(onlyMentioning(before, [society.uuid]), onlyMentioning(after, [society.uuid]))).toEqual([]);
    expect((await ledger.getChart(society.uuid))?.map((a) => a.nom_cta)).not.toContain('Caja bis');
  });

  test('the ledger import refuses the bomb whose directory lies about its size: the bytes inflated are counted', {
    timeout: 120_000,
  }, async () => {
    const society = await societyWithChart(superAdmin, groupAdmin, 'Mentira');
    const bomb = await lyingXlsxBomb(rowsOf(ledgerCsv(society.rut)), BOMB_MB);
    const watch = await watchTable();
    const form = formWith({ society: society.uuid }, 'file', bomb, 'libro.xlsx', XLSX);
    const { mb, result } = await peakGrowthMb(() =>
      invokeInProcess(accounting.importAccountingLedger, { token: groupAdmin, form }),
    );
    console.log(`ledger import of the lying ${BOMB_MB} MB bomb: peak memory growth ${mb.toFixed(0)} MB`);
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ imported: false, file_errors: [f.sizeMismatch], periods: [] });
    expect(mb).toBeLessThan(MEMORY_BOUND_MB);
    const { before, after } = await watch.changes();
    expect(changedKeys(onlyMentioning(before, [society.uuid]), onlyMentioning(after, [society.uuid]))).toEqual([]);
    expect((await ledger.getLedgerPointer(society.uuid)).rev).toBe(0);
  });
});

describe('finding 8: hostile spreadsheets through the large upload and its job', () => {
  test.each([
    ['whose directory declares 400 MB', (rut: string) => xlsxBomb(rowsOf(ledgerCsv(rut)), BOMB_MB), 'inflated'],
    ['whose directory lies', (rut: string) => lyingXlsxBomb(rowsOf(ledgerCsv(rut)), BOMB_MB), 'mismatch'],
  ] as const)(
    'a bomb %s, uploaded by the presigned POST, ends the job FAILED with nothing stored',
    async (_, make, kind) => {
      const society = await societyWithChart(superAdmin, groupAdmin, 'Trabajo');
      const data = await make(society.rut);
      const start = await call(accounting.requestLedgerUpload, {
        token: groupAdmin,
        body: { society: society.uuid, file_name: 'libro.xlsx', file_size: data.length, content_type: XLSX },
      });
      expect(start.status, JSON.stringify(start.body)).toBe(201);
      const form = new FormData();
      for (const [k, v] of Object.entries(start.body.upload.fields)) form.set(k, v);
      form.set('file', new Blob([new Uint8Array(data)], { type: XLSX }), 'libro.xlsx');
      expect((await fetch(start.body.upload.url, { method: 'POST', body: form })).status).toBeLessThan(300);
      const job = start.body.job.uuid as string;

      const watch = await watchTable();
      const { mb } = await peakGrowthMb(() => worker.handler(objectCreated(start.body.upload.fields.key as string)));
      console.log(`import job of a bomb ${_}: peak memory growth ${mb.toFixed(0)} MB`);
      const done = await jobs.getImportJob(job);
      expect(done?.status).toBe('FAILED');
      expect(done?.report).toMatchObject({
        imported: false,
        file_errors: [kind === 'inflated' ? f.inflatedTooLarge(200) : f.sizeMismatch],
      });
      expect(mb).toBeLessThan(MEMORY_BOUND_MB);
      // Only the job's own item changed: no ledger line, aggregate or pointer.
      const { before, after } = await watch.changes();
      const changed = changedKeys(onlyMentioning(before, [society.uuid]), onlyMentioning(after, [society.uuid]));
      expect(changed.filter((key) => !key.startsWith(`ACCJOB#${job} `))).toEqual([]);
      expect((await ledger.getLedgerPointer(society.uuid)).rev).toBe(0);
    },
  );
});

describe('finding 8: the users CSV', () => {
  test('a CSV of a million rows is refused at the row cap while it is read, with ERROR_LENGTH, inviting nobody', async () => {
    const email = `bomba-${randomUUID().slice(0, 8)}@demo.cl`;
    // The two columns the import requires, then two bytes a row up to the 2 MB a request carries.
    const header = 'email,user_role\n';
    const first = `${email},USER_SOCIETY\n`;
    const rows = Math.floor((2 * 1024 * 1024 - header.length - first.length - 1024) / 2);
    const csv = Buffer.from(header + first + ',\n'.repeat(rows));
    const warmUp = formWith({}, 'file_csv', Buffer.from('email\n'), 'usuarios.csv', 'text/csv');
    expect((await invokeInProcess(importUsersCsv, { token: projectAdmin, form: warmUp })).status).toBe(400);

    const form = formWith({}, 'file_csv', csv, 'usuarios.csv', 'text/csv');
    const { mb, result } = await peakGrowthMb(() => invokeInProcess(importUsersCsv, { token: projectAdmin, form }));
    console.log(`users CSV of ${rows + 1} rows: peak memory growth ${mb.toFixed(0)} MB`);
    expect(result.status).toBe(400);
    expect(result.body.errors).toEqual({ file_csv: ['ERROR_LENGTH'] });
    // Before the budget: 100 MB and 11 s to read every row, then ERROR_LENGTH.
    expect(mb).toBeLessThan(32);
    const invitations = await call(registration.listInvitations, { token: superAdmin, query: { search: email } });
    expect(invitations.body.count).toBe(0);
    expect(await allMailTo(email)).toEqual([]);
  });
});
