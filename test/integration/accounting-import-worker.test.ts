import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import * as accounting from '../../shared/contracts/accounting';
import { call, signIn } from '../helpers/api';
import { objectCreated } from '../helpers/jobs';
import { ledgerCsv, societyWithChart } from './accounting-helpers';

/**
 * The AWS path of a large ledger import: there, the upload's S3 "Object Created" event reaches the job
 * function through EventBridge (infra/constructs/accounting-import-job.ts) and the confirm call starts nothing. Here
 * the worker's handler is called in this process with that event, on the test portal's DynamoDB Local and s3rver:
 * it runs the job without a confirm, and a repeated event (one after the other or at the same time) or a late confirm
 * runs nothing again, because the job item's status guards the run.
 */
let groupAdmin: string;
let superAdmin: string;
let worker: typeof import('../../functions/accounting/import-job-worker');
let jobs: typeof import('../../functions/lib/data/accounting-import-jobs');
let ledger: typeof import('../../functions/lib/data/accounting-ledger');

beforeAll(async () => {
  // The handlers build their AWS clients from the environment at load: the test portal's, set before importing.
  Object.assign(process.env, inject('portal').env);
  worker = await import('../../functions/accounting/import-job-worker');
  jobs = await import('../../functions/lib/data/accounting-import-jobs');
  ledger = await import('../../functions/lib/data/accounting-ledger');
  [groupAdmin, superAdmin] = await Promise.all([
    signIn('grupo@demo.cl').then((t) => t.access),
    signIn('superadmin@demo.cl').then((t) => t.access),
  ]);
});

/** A job with its file uploaded by the presigned POST, not confirmed; and the key S3 would name in its event. */
async function uploadedJob(society: { uuid: string; rut: string }) {
  const data = Buffer.from(ledgerCsv(society.rut), 'utf8');
  const start = await call(accounting.requestLedgerUpload, {
    token: groupAdmin,
    body: { society: society.uuid, file_name: 'libro.csv', file_size: data.length, content_type: 'text/csv' },
  });
  expect(start.status, JSON.stringify(start.body)).toBe(201);
  const form = new FormData();
  for (const [k, v] of Object.entries(start.body.upload.fields)) form.set(k, v);
  form.set('file', new Blob([new Uint8Array(data)], { type: 'text/csv' }), 'libro.csv');
  expect((await fetch(start.body.upload.url, { method: 'POST', body: form })).status).toBeLessThan(300);
  const job = start.body.job.uuid as string;
  const key = start.body.upload.fields.key as string;
  expect(key).toBe(`uploads/accounting/${society.uuid}/${job}/file`);
  return { job, key };
}

/** S3's EventBridge event for the object, as the rule delivers it. */
describe('import job worker, as EventBridge invokes it in AWS', () => {
  test('the upload event runs the job without a confirm; a repeated event and a late confirm change nothing', async () => {
    const society = await societyWithChart(superAdmin, groupAdmin, 'Evento');
    const { job, key } = await uploadedJob(society);
    expect((await jobs.getImportJob(job))?.status).toBe('WAITING_UPLOAD');

    await worker.handler(objectCreated(key));
    const done = await jobs.getImportJob(job);
    expect(done?.status).toBe('DONE');
    expect(done?.progress).toBe(100);
    expect(done?.report?.imported).toBe(true);
    expect(done?.report?.periods.length).toBeGreaterThan(0);
    const pointer = await ledger.getLedgerPointer(society.uuid);
    expect(pointer.rev).toBe(1);

    // The same event again (EventBridge delivers at least once), twice at once: the job and the ledger stay as they are.
    await worker.handler(objectCreated(key));
    await Promise.all([worker.handler(objectCreated(key)), worker.handler(objectCreated(key))]);
    expect(await jobs.getImportJob(job)).toEqual(done);
    expect(await ledger.getLedgerPointer(society.uuid)).toEqual(pointer);

    // The screen's confirm after the event: answers the finished job and starts nothing.
    const confirmed = await call(accounting.confirmLedgerUpload, { token: groupAdmin, body: { job } });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.status).toBe('DONE');
    // A confirm starts a run only by moving the job to QUEUED before it answers: the job as it was proves none started.
    expect(await jobs.getImportJob(job)).toEqual(done);
    expect((await ledger.getLedgerPointer(society.uuid)).rev).toBe(1);
  });

  test('two deliveries of the same event at once import the file once', async () => {
    const society = await societyWithChart(superAdmin, groupAdmin, 'Evento');
    const { job, key } = await uploadedJob(society);
    await Promise.all([worker.handler(objectCreated(key)), worker.handler(objectCreated(key))]);
    const done = await jobs.getImportJob(job);
    expect(done?.status).toBe('DONE');
    expect(done?.report?.imported).toBe(true);
    expect((await ledger.getLedgerPointer(society.uuid)).rev).toBe(1);
  });

  test('an object that is not a ledger upload, or of a job that does not exist, runs nothing', async () => {
    const society = await societyWithChart(superAdmin, groupAdmin, 'Evento');
    const { job } = await uploadedJob(society);
    await worker.handler(objectCreated(`uploads/accounting/${society.uuid}/${randomUUID()}/file`));
    await worker.handler(objectCreated(`uploads/accounting/${society.uuid}/${job}/otro`));
    expect((await jobs.getImportJob(job))?.status).toBe('WAITING_UPLOAD');
    expect((await ledger.getLedgerPointer(society.uuid)).rev).toBe(0);
  });

  test('a run that fails before taking its job is retried, then dead-lettered with its event; the redrive imports it once', async () => {
    // The local stand-in of Lambda's asynchronous invocation (local/async-invoke.ts) runs the worker as AWS would: a
    // run that throws is retried IMPORT_JOB_RETRY_ATTEMPTS times, then the event goes to the local dead letters as the
    // record Lambda sends the job's SQS destination (test/infra/dead-letters.test.ts). DynamoDB fails on every
    // attempt through the local fault switch: each run throws without touching the job.
    const society = await societyWithChart(superAdmin, groupAdmin, 'Evento');
    const { job, key } = await uploadedJob(society);
    const event = objectCreated(key);
    const [{ installFaultSwitch, runUnderFaults }, stand, queue, { IMPORT_JOB_RETRY_ATTEMPTS }] = await Promise.all([
      import('../../local/faults'),
      import('../../local/async-invoke'),
      import('../../local/dead-letters'),
      import('../../functions/lib/accounting/import-upload'),
    ]);
    const target = stand.LEDGER_IMPORT_JOB;
    expect(target.retryAttempts).toBe(IMPORT_JOB_RETRY_ATTEMPTS);
    const before = new Set((await queue.deadLetters(target.queue)).map((m) => m.messageId));
    const saved = process.env.PORTAL_FAULT_INJECTION;
    process.env.PORTAL_FAULT_INJECTION = 'on';
    let runs = 0;
    const counted = {
      ...target,
      handler: async () => (e: never) => {
        runs += 1;
        return worker.handler(e);
      },
    };
    let outcome: Awaited<ReturnType<typeof stand.invokeAsync>>;
    try {
      expect(await installFaultSwitch()).toBe(true);
      ({ result: outcome } = await runUnderFaults(
        'seed=3;rate=1;kinds=5xx;when=before;services=dynamodb;operations=GetItem',
        () => stand.invokeAsync(counted, event),
      ));
    } finally {
      if (saved === undefined) delete process.env.PORTAL_FAULT_INJECTION;
      else process.env.PORTAL_FAULT_INJECTION = saved;
    }
    expect(runs).toBe(1 + IMPORT_JOB_RETRY_ATTEMPTS);
    expect(outcome.attempts).toBe(1 + IMPORT_JOB_RETRY_ATTEMPTS);
    expect((await jobs.getImportJob(job))?.status).toBe('WAITING_UPLOAD');
    expect((await ledger.getLedgerPointer(society.uuid)).rev).toBe(0);

    // The dead letter: Lambda's on-failure record, the event whole as its requestPayload.
    const letters = (await queue.deadLetters(target.queue)).filter((m) => !before.has(m.messageId));
    expect(letters.map((m) => m.messageId)).toEqual([outcome.deadLetter?.messageId]);
    const record = JSON.parse(letters[0]?.body ?? '{}');
    expect(record).toMatchObject({
      requestContext: { condition: 'RetriesExhausted', approximateInvokeCount: 1 + IMPORT_JOB_RETRY_ATTEMPTS },
      requestPayload: event,
      responseContext: { functionError: 'Unhandled' },
      responsePayload: { errorMessage: expect.stringMatching(/Internal server error/) },
    });

    // The redrive (npm run redrive:local): the event invoked again, the message taken off the queue; imported once.
    const redriven = await stand.redriveDeadLetters(counted);
    expect(redriven).toMatchObject({ redriven: letters.length + before.size, failedAgain: 0 });
    expect(runs).toBe(2 + IMPORT_JOB_RETRY_ATTEMPTS);
    expect(await queue.deadLetters(target.queue)).toEqual([]);
    const done = await jobs.getImportJob(job);
    expect(done?.status).toBe('DONE');
    expect(done?.report?.imported).toBe(true);
    expect((await ledger.getLedgerPointer(society.uuid)).rev).toBe(1);
    // The same message redriven twice (a copy kept by hand) changes nothing.
    await stand.invokeAsync(counted, stand.eventOfDeadLetter(letters[0] as (typeof letters)[number]));
    expect(await jobs.getImportJob(job)).toEqual(done);
  });
});
