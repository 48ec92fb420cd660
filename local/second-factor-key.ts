import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ROOT } from './paths';

/**
 * The second factor's key of the local stack (LOCAL_SECOND_FACTOR_KEY, functions/lib/auth/second-factor-key.ts),
 * which stands in for the deployment's Secrets Manager secret: generated once and kept with the local data for `npm
 * start` (the sealed secrets it keeps must open after a restart; `npm run reset` wipes both), fresh for a test portal.
 */
export function localSecondFactorKey(keep: boolean): string {
  if (!keep) return randomBytes(32).toString('base64url');
  const file = join(ROOT, '.local', 'data', 'second-factor.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const key = randomBytes(32).toString('base64url');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}
