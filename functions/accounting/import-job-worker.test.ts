import type { S3Event } from 'aws-lambda';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const runImportJob = vi.hoisted(() => vi.fn(async (_job: string) => {}));
vi.mock('./import-job', () => ({ runImportJob }));

import { ledgerUploadPrefix } from '../lib/accounting/import-upload';
import { handler, importJobsOf, type ObjectCreated } from './import-job-worker';

const SOCIETY = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const JOB = '0a1b2c3d-4e5f-4061-8273-94a5b6c7d8e9';

/** S3's EventBridge event, shaped as documented (detail.bucket, detail.object with key, size, etag, sequencer). */
function objectCreated(key: string, detailType = 'Object Created'): ObjectCreated {
  return {
    version: '0',
    id: 'b7e1c1f0-0000-4000-8000-000000000001',
    'detail-type': detailType as 'Object Created',
    source: 'aws.s3',
    account: '123456789012',
    time: '2026-11-23T10:00:00Z',
    region: 'us-east-1',
    resources: ['arn:aws:s3:::portal-documents'],
    detail: {
      bucket: { name: 'portal-documents' },
      object: { key, size: 150_000_000, etag: 'e', sequencer: '1' } as { key: string },
    },
  };
}

const s3Event = (key: string) => ({ Records: [{ s3: { object: { key } } }] }) as unknown as S3Event;

beforeEach(() => runImportJob.mockClear());

describe('import job worker', () => {
  it('reads the job id from the EventBridge Object Created detail of a ledger upload', () => {
    expect(importJobsOf(objectCreated(`${ledgerUploadPrefix(SOCIETY, JOB)}file`))).toEqual([JOB]);
  });

  it('ignores keys that are not a ledger upload, and events that are not Object Created', () => {
    expect(importJobsOf(objectCreated(`uploads/documents/${SOCIETY}/${JOB}/file`))).toEqual([]);
    expect(importJobsOf(objectCreated(`${ledgerUploadPrefix(SOCIETY, JOB)}other`))).toEqual([]);
    expect(importJobsOf(objectCreated(`uploads/accounting/${SOCIETY}/not-a-job/file`))).toEqual([]);
    expect(importJobsOf(objectCreated(`${ledgerUploadPrefix(SOCIETY, JOB)}file`, 'Object Deleted'))).toEqual([]);
  });

  it('reads URL-encoded keys of a direct S3 notification', () => {
    const key = encodeURIComponent(`${ledgerUploadPrefix(SOCIETY, JOB)}file`);
    expect(key).toContain('%2F');
    expect(importJobsOf(s3Event(key))).toEqual([JOB]);
  });

  it('runs the named job once per ledger upload and nothing for other objects', async () => {
    await handler(objectCreated(`${ledgerUploadPrefix(SOCIETY, JOB)}file`));
    expect(runImportJob.mock.calls).toEqual([[JOB]]);
    runImportJob.mockClear();
    await handler(objectCreated(`documents/${SOCIETY}/${JOB}`));
    expect(runImportJob).not.toHaveBeenCalled();
  });
});
