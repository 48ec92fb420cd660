import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { secretsManager } from '../aws/secrets';
import { GetSecretValueCommand } from '../aws/secrets-commands';
import { config } from '../config';

/**
 * The second factor's key, which never is in the table: it seals (AES-256-GCM) the TOTP secrets and the refresh token
 * a sign-in holds while it waits for its code, and keys the hash of the recovery codes (HMAC-SHA-256), so a copy of
 * the table alone reads no secret and tries no code offline. In AWS it is a Secrets Manager secret of generated text
 * (infra/constructs/api.ts), read once per cold start and hashed to 32 bytes; locally the local stack generates it.
 */
let loading: Promise<Buffer> | undefined;

async function load(): Promise<Buffer> {
  const local = config.localSecondFactorKey;
  if (local) return createHash('sha256').update(local).digest();
  const arn = config.secondFactorSecretArn;
  if (!arn) throw new Error('Missing environment variable SECOND_FACTOR_SECRET_ARN');
  const { SecretString } = await secretsManager.send(new GetSecretValueCommand({ SecretId: arn }));
  if (!SecretString) throw new Error('The second factor secret is empty');
  return createHash('sha256').update(SecretString).digest();
}

function secondFactorKey(): Promise<Buffer> {
  // A failed read is not kept: the next request tries again.
  loading ??= load().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** Seals a text for one purpose and owner (`context`, bound as associated data: a sealed text moved elsewhere fails). */
export async function seal(plain: string, context: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await secondFactorKey(), iv).setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export async function unseal(sealed: string, context: string): Promise<string> {
  const [version, iv = '', tag = '', body = ''] = sealed.split('.');
  if (version !== 'v1') throw new Error('Unknown sealed text');
  const decipher = createDecipheriv('aes-256-gcm', await secondFactorKey(), Buffer.from(iv, 'base64url'))
    .setAAD(Buffer.from(context))
    .setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** A recovery code's keyed hash, the only form the table keeps. */
export async function keyedHash(value: string): Promise<string> {
  return createHmac('sha256', await secondFactorKey())
    .update(value)
    .digest('base64url');
}
