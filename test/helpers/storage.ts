import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { inject } from 'vitest';
import { tableAccess } from './db';

let s3: S3Client | undefined;

/** Whether the test portal's bucket holds the key, read with the AWS SDK (not the functions' own client). */
export async function objectExists(key: string, bucket: 'DOCUMENTS_BUCKET' | 'ASSETS_BUCKET' = 'DOCUMENTS_BUCKET') {
  await tableAccess(); // sets the portal's environment (endpoint, credentials) the client reads
  s3 ??= new S3Client({ forcePathStyle: true });
  try {
    await s3.send(new HeadObjectCommand({ Bucket: inject('portal').env[bucket], Key: key }));
    return true;
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
    throw error;
  }
}
