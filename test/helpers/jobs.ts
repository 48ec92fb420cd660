import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import type { ObjectCreated } from '../../functions/accounting/import-job-worker';

/** The daily digest job, run in this process under its own role (infra/permissions.ts), as of `now`. */
export async function runDigest(now: number, pace: () => Promise<void> = async () => {}) {
  const [{ sendDocumentDigests }, { installIamEmulation, runAsJob }, { DIGEST_PERMISSIONS }] = await Promise.all([
    import('../../functions/documents/document-digest'),
    import('../../local/iam-emulation'),
    import('../../infra/permissions'),
  ]);
  await installIamEmulation();
  return runAsJob('sendDocumentDigests', DIGEST_PERMISSIONS, () => sendDocumentDigests({ now, pace }));
}

/** The hourly notice of new messages, run in this process under its own role (infra/permissions.ts), as of `now`. */
export async function runMessageNotices(now: number, pace: () => Promise<void> = async () => {}) {
  const [{ sendMessageNotices }, { installIamEmulation, runAsJob }, { MESSAGE_NOTICE_PERMISSIONS }] = await Promise.all(
    [
      import('../../functions/messages/message-notice'),
      import('../../local/iam-emulation'),
      import('../../infra/permissions'),
    ],
  );
  await installIamEmulation();
  return runAsJob('sendMessageNotices', MESSAGE_NOTICE_PERMISSIONS, () => sendMessageNotices({ now, pace }));
}

/** S3's EventBridge event for an object of the documents bucket, as the rule delivers it to the import job in AWS. */
export const objectCreated = (key: string): ObjectCreated => ({
  version: '0',
  id: randomUUID(),
  'detail-type': 'Object Created',
  source: 'aws.s3',
  account: '123456789012',
  time: new Date().toISOString(),
  region: 'us-east-1',
  resources: [],
  detail: { bucket: { name: inject('portal').env.DOCUMENTS_BUCKET as string }, object: { key } },
});
