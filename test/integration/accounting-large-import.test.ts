import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import * as accounting from '../../shared/contracts/accounting';
import { call, signIn } from '../helpers/api';
import { tableAccess } from '../helpers/db';
import { bigLedger } from '../helpers/random-ledgers';
import { societyWithChart, statementAssignments, viewVia } from './accounting-helpers';

/**
 * Large files: beyond the 2 MB a request carries, the ledger goes to S3 (s3rver here) by presigned POST and
 * a job imports it with the same all-or-nothing rules, writing its progress and final report to a job item that the
 * import screen polls. The small multipart path stays as it was (accounting.test.ts).
 */
const REQUEST_CAP = 2 * 1024 * 1024;
let groupAdmin: string;
let superAdmin: string;
let opened: Record<accounting.StatementFamily, string>;
const view = viewVia(() => opened);

/** Presigned upload, the file to s3rver, confirm; then polls the job until it ends, keeping the progress seen. */
async function importLarge(society: string, csv: string) {
  const data = Buffer.from(csv, 'utf8');
  const start = await call(accounting.requestLedgerUpload, {
    token: groupAdmin,
    body: { society, file_name: 'libro-grande.csv', file_size: data.length, content_type: 'text/csv' },
  });
  expect(start.status, JSON.stringify(start.body)).toBe(201);
  expect(start.body.job.status).toBe('WAITING_UPLOAD');
  const job = start.body.job.uuid;
  // Confirming before the file is there is refused, and the job stays waiting.
  const early = await call(accounting.confirmLedgerUpload, { token: groupAdmin, body: { job } });
  expect(early.status).toBe(400);
  expect(early.body.errors).toEqual({ file: ['UPLOAD_MISSING'] });
  const form = new FormData();
  for (const [k, v] of Object.entries(start.body.upload.fields)) form.set(k, v);
  form.set('file', new Blob([new Uint8Array(data)], { type: 'text/csv' }), 'libro-grande.csv');
  const posted = await fetch(start.body.upload.url, { method: 'POST', body: form });
  expect(posted.status).toBeLessThan(300);
  const confirmed = await call(accounting.confirmLedgerUpload, { token: groupAdmin, body: { job } });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  expect(['QUEUED', 'RUNNING', 'DONE', 'FAILED']).toContain(confirmed.body.status);
  const seen: number[] = [];
  for (let i = 0; i < 600; i++) {
    const status = await call(accounting.ledgerUploadStatus, { token: groupAdmin, query: { job } });
    expect(status.status).toBe(200);
    seen.push(status.body.progress);
    if (status.body.status === 'DONE' || status.body.status === 'FAILED')
      return { job, final: status.body, seen, start };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the import job did not end in 150 s');
}

beforeAll(async () => {
  [groupAdmin, superAdmin] = await Promise.all([
    signIn('grupo@demo.cl').then((t) => t.access),
    signIn('superadmin@demo.cl').then((t) => t.access),
  ]);
  opened = await statementAssignments(superAdmin, { group_list: [inject('portal').demo.groups.norte] });
});

describe('large ledger files', () => {
  test('a file above the request cap: presigned POST to S3, a job, progress, the report and the statements', {
    timeout: 240_000,
  }, async () => {
    const society = await societyWithChart(superAdmin, groupAdmin, 'Grande');
    const vouchers = 15_000;
    const csv = bigLedger(society.rut, 2016, vouchers);
    expect(Buffer.byteLength(csv)).toBeGreaterThan(REQUEST_CAP);
    const { final, seen, start } = await importLarge(society.uuid, csv);
    // The policy S3 enforces (s3rver does not): the declared size at most, the job's own key prefix, the type.
    const policy = JSON.parse(Buffer.from(start.body.upload.fields.Policy as string, 'base64').toString('utf8'));
    expect(policy.conditions).toContainEqual(['content-length-range', 1, Buffer.byteLength(csv)]);
    expect(policy.conditions).toContainEqual([
      'starts-with',
      '$key',
      `uploads/accounting/${society.uuid}/${start.body.job.uuid}/`,
    ]);
    expect(policy.conditions).toContainEqual(['eq', '$Content-Type', 'text/csv']);
    const expiresIn = new Date(policy.expiration).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(0);
    expect(expiresIn).toBeLessThanOrEqual(600_000);

    expect(final.status, JSON.stringify(final.report?.file_errors)).toBe('DONE');
    expect(final.progress).toBe(100);
    expect(seen.every((p, i) => i === 0 || p >= (seen[i - 1] as number))).toBe(true);
    expect(final.report).toMatchObject({ imported: true, rows: vouchers * 2, failed: 0, report: [] });
    expect(final.report?.periods.map((p) => [p.month, p.lines])).toEqual([
      [1, 10_000],
      [2, 10_000],
      [3, 10_000],
    ]);
    const expected = Array.from({ length: vouchers }, (_, i) => 1000 + ((i + 1) % 97) * 10).reduce((s, a) => s + a, 0);
    const balance = await view(accounting.balance8columnsReport, {
      token: groupAdmin,
      query: { society: society.uuid, year: 2016, month: 3 },
    });
    expect(balance.body.rows.find((r) => r.cod_cta === '4.1.01')?.creditos).toBe(expected);
  });

  test('a large file with one unbalanced voucher ends FAILED with its rows reported, and nothing is stored', {
    timeout: 240_000,
  }, async () => {
    const society = await societyWithChart(superAdmin, groupAdmin, 'Grande');
    const csv = bigLedger(society.rut, 2016, 15_000, 9_001);
    expect(Buffer.byteLength(csv)).toBeGreaterThan(REQUEST_CAP);
    const { final } = await importLarge(society.uuid, csv);
    expect(final.status).toBe('FAILED');
    expect(final.report?.imported).toBe(false);
    expect(final.report?.report.map((r) => r.row)).toEqual([18_002, 18_003]);
    expect(final.report?.report[0]?.errors[0]).toMatch(/^El comprobante T-9001 \(2016-\d\d\) no cuadra/);
    const dates = await view(accounting.balance8columnsAvailableDates, {
      token: groupAdmin,
      query: { society: society.uuid },
    });
    expect(dates.body.dates).toEqual([]);
  });

  test('a job whose worker stopped answering ends FAILED at the next poll; a live one is left alone', async () => {
    const society = await societyWithChart(superAdmin, groupAdmin, 'Grande');
    const { dynamo, lib, tableName } = await tableAccess();
    const jobIn = async (status: string, minutesAgo: number) => {
      const start = await call(accounting.requestLedgerUpload, {
        token: groupAdmin,
        body: { society: society.uuid, file_name: 'libro.csv', file_size: 100, content_type: 'text/csv' },
      });
      const job = start.body.job.uuid as string;
      // As a worker leaves it: RUNNING (or QUEUED) with its last sign of life that long ago.
      await dynamo.send(
        new lib.UpdateCommand({
          TableName: tableName,
          Key: { pk: `ACCJOB#${job}`, sk: 'ACCJOB' },
          UpdateExpression: 'SET #status = :status, updated = :updated',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':status': status,
            ':updated': new Date(Date.now() - minutesAgo * 60_000).toISOString(),
          },
        }),
      );
      return (await call(accounting.ledgerUploadStatus, { token: groupAdmin, query: { job } })).body;
    };
    const stalled = await jobIn('RUNNING', 20);
    expect(stalled.status).toBe('FAILED');
    expect(stalled.report?.file_errors).toEqual([
      'La importación se detuvo sin terminar; no se guardó nada del archivo. Vuelve a subirlo.',
    ]);
    expect((await jobIn('QUEUED', 75)).status).toBe('FAILED');
    // Within their limits they keep polling as they are.
    expect((await jobIn('RUNNING', 5)).status).toBe('RUNNING');
    expect((await jobIn('QUEUED', 30)).status).toBe('QUEUED');
  });

  test('scope: another tenant’s society and its job, a job nobody has, and a USER_SOCIETY are refused', async () => {
    const userSociety = (await signIn('sociedad@demo.cl')).access;
    const foreignSociety = inject('portal').demo.societies.pesquera;
    const body = { society: foreignSociety, file_name: 'x.csv', file_size: 10, content_type: 'text/csv' as const };
    expect((await call(accounting.requestLedgerUpload, { token: groupAdmin, body })).status).toBe(404);
    const job = randomUUID();
    expect((await call(accounting.ledgerUploadStatus, { token: groupAdmin, query: { job } })).status).toBe(404);
    expect((await call(accounting.confirmLedgerUpload, { token: groupAdmin, body: { job } })).status).toBe(404);
    // A real job of another tenant's society (started by SUPER_ADMIN): polled or confirmed by this admin, 404.
    const superAdmin = (await signIn('superadmin@demo.cl')).access;
    const foreign = await call(accounting.requestLedgerUpload, { token: superAdmin, body });
    expect(foreign.status).toBe(201);
    const foreignJob = { job: foreign.body.job.uuid as string };
    expect((await call(accounting.ledgerUploadStatus, { token: groupAdmin, query: foreignJob })).status).toBe(404);
    expect((await call(accounting.confirmLedgerUpload, { token: groupAdmin, body: foreignJob })).status).toBe(404);
    expect((await call(accounting.ledgerUploadStatus, { token: superAdmin, query: foreignJob })).status).toBe(200);
    const own = { ...body, society: inject('portal').demo.societies.minera };
    expect((await call(accounting.requestLedgerUpload, { token: userSociety, body: own })).status).toBe(403);
    const tooBig = { ...own, file_size: accounting.MAX_LEDGER_UPLOAD_BYTES + 1 };
    expect((await call(accounting.requestLedgerUpload, { token: groupAdmin, body: tooBig })).status).toBe(400);
  });
});
