import { createHmac } from 'node:crypto';
import { config } from '../config';
import { presign, presigningEnvironment } from './aws-client';
import { type GetObjectCommand, objectUrl, type PutObjectCommand, S3 } from './s3-commands';

/**
 * Presigned S3 URLs without the S3 client: avatar, logo and document links are signed in the query by the
 * shared core (aws-client.ts `presign`: aws4fetch, unsigned payload), and direct uploads get a signed POST policy, so
 * the functions carry neither the S3 client nor the SDK's signers. Each is exactly what the SDK gives with its S3
 * client (getSignedUrl, createPresignedPost): s3-presign.test.ts compares them. A URL made of a GetObjectCommand is
 * what the permissions test sees as the handler's GetObject.
 */
export async function presignGetObject(
  command: GetObjectCommand,
  { expiresIn, signingDate }: { expiresIn: number; signingDate?: Date },
): Promise<string> {
  if (!process.env.AWS_REGION && !process.env.AWS_DEFAULT_REGION) throw new Error('AWS_REGION is not set');
  // What the SDK's presigner and client add to a GetObject: the unsigned payload, the operation's name and, in AWS
  // (where the client validates checksums), the checksum mode.
  const query: Record<string, string> = { 'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD', 'x-id': 'GetObject' };
  if (!config.isLocal) query['x-amz-checksum-mode'] = 'ENABLED';
  return presign(S3, command, { expiresIn, query, ...(signingDate && { signingDate }) });
}

/** A browser's upload form: where to POST, and the fields to send before the file. */
export interface PresignedPost {
  url: string;
  fields: Record<string, string>;
}

export type PostCondition = Record<string, string> | [string, string | number, string | number];

const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();
/** `2026-03-01T12:00:00Z`: ISO 8601 without milliseconds, as S3 policies and the SDK write it. */
const iso8601 = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * A presigned POST (S3's browser upload) of the object the command names, with its content type as a field: a policy
 * of the conditions the upload must meet (the caller's, the bucket, the key, the fields), in base64, signed with the
 * SigV4 signing key of the day. Built as the SDK's createPresignedPost builds it, condition by condition, so the form
 * is the same. A form made of a PutObjectCommand is what the permissions test sees as the handler's PutObject.
 * `signingDate` is for tests.
 */
export async function presignPost(
  command: PutObjectCommand,
  { Conditions = [], Expires = 3600 }: { Conditions?: PostCondition[]; Expires?: number },
  signingDate = new Date(),
): Promise<PresignedPost> {
  const { Bucket, Key, ContentType } = command.input;
  const Fields: Record<string, string> = ContentType ? { 'Content-Type': ContentType } : {};
  const env = presigningEnvironment(S3);
  const date = iso8601(signingDate).replace(/[-:]/g, '');
  const day = date.slice(0, 8);
  const fields: Record<string, string> = {
    ...Fields,
    bucket: Bucket,
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Credential': `${env.accessKeyId}/${day}/${env.region}/s3/aws4_request`,
    'X-Amz-Date': date,
    ...(env.sessionToken && { 'X-Amz-Security-Token': env.sessionToken }),
  };
  const conditions = new Set(Conditions.map((condition) => JSON.stringify(condition)));
  for (const [name, value] of Object.entries(fields)) conditions.add(JSON.stringify({ [name]: value }));
  conditions.add(JSON.stringify({ key: Key }));
  const policy = Buffer.from(
    JSON.stringify({
      expiration: iso8601(new Date(signingDate.valueOf() + Expires * 1000)),
      conditions: [...conditions].map((condition) => JSON.parse(condition)),
    }),
    'utf8',
  ).toString('base64');
  const key = ['s3', 'aws4_request'].reduce(
    (secret, part) => hmac(secret, part),
    hmac(hmac(`AWS4${env.secretAccessKey}`, day), env.region),
  );
  // The bucket's address: `https://<bucket>.s3.<region>.amazonaws.com/` in AWS, `<endpoint>/<bucket>` locally.
  const url = objectUrl(env.endpoint, { Bucket, Key: '' });
  return {
    url: `${url.origin}${url.pathname.replace(/\/$/, '') || '/'}`,
    fields: { ...fields, key: Key, Policy: policy, 'X-Amz-Signature': hmac(key, policy).toString('hex') },
  };
}
