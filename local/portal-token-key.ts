import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ROOT } from './paths';

/** A fresh RSA 2048 private key, PKCS#8 DER in base64url, as LOCAL_PORTAL_TOKEN_KEY carries it. */
export function newPortalTokenKey(): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64url');
}

/**
 * The signing key of the portal's own tokens on the local stack (LOCAL_PORTAL_TOKEN_KEY,
 * functions/lib/auth/portal-tokens.ts), standing in for the deployment's KMS key: kept with the local data for `npm
 * start` (a session outlives a restart, as in AWS), fresh for a test portal.
 */
export function localPortalTokenKey(keep: boolean): string {
  if (!keep) return newPortalTokenKey();
  const file = join(ROOT, '.local', 'data', 'portal-token.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const key = newPortalTokenKey();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}
