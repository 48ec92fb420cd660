import { config } from '../config';
import { presign } from './aws-client';
import { type GetObjectCommand, S3 } from './s3-commands';

/**
 * Presigned S3 GET URLs, signed in the query by the shared core (aws-client.ts `presign`: aws4fetch, unsigned
 * payload), so the many functions that only hand out avatar and logo links carry neither the S3 client nor the SDK's
 * signer (issue 9). The URL is the very one the SDK's getSignedUrl gives with its S3 client: s3-presign.test.ts
 * compares the two. A URL made of a GetObjectCommand is what the permissions test sees as the handler's GetObject.
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
