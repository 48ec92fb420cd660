import { nowMs } from '../clock';

/**
 * The single table's key shapes, in one place (docs/data-model.md lists the access patterns).
 * Every item has pk and sk; listing indexes use gsi1pk/gsi1sk and gsi2pk/gsi2sk; expiring items carry expires_at
 * (epoch seconds, the table's TTL attribute), and readers check it themselves since DynamoDB deletes late.
 */
export const INDEX = { gsi1: 'gsi1', gsi2: 'gsi2' } as const;

export const keys = {
  user: (uuid: string) => ({ pk: `USER#${uuid}`, sk: 'USER' }),
  project: (uuid: string) => ({ pk: `PROJECT#${uuid}`, sk: 'PROJECT' }),
  group: (uuid: string) => ({ pk: `GROUP#${uuid}`, sk: 'GROUP' }),
  society: (uuid: string) => ({ pk: `SOCIETY#${uuid}`, sk: 'SOCIETY' }),
  /** Marker items that make a value unique across the table (written in the same transaction as their owner). */
  unique: (
    kind: 'EMAIL' | 'PORTAL_URL' | 'PROJECT_NAME' | 'PROJECT_ADMIN' | 'GROUP_NAME' | 'RUT' | 'INDUSTRY',
    value: string,
  ) => ({
    pk: `UNIQUE#${kind}#${value}`,
    sk: 'UNIQUE',
  }),
  industry: (uuid: string) => ({ pk: 'INDUSTRIES', sk: `INDUSTRY#${uuid}` }),
  throttle: (kind: string, email: string) => ({ pk: `THROTTLE#${kind}#${email}`, sk: 'THROTTLE' }),
  /** Refused sign-ins of an e-mail that has no account, kept under the address for the audit. */
  unknownEmailLog: (email: string, at: string, id: string) => ({ pk: `EMAIL#${email}`, sk: `LOG#SESSION#${at}#${id}` }),
  userLog: (userUuid: string, kind: 'SESSION' | 'BROWSING', at: string, id: string) => ({
    pk: `USER#${userUuid}`,
    sk: `LOG#${kind}#${at}#${id}`,
  }),
};

export const nowIso = () => new Date(nowMs()).toISOString();
export const epochSeconds = (ms = nowMs()) => Math.floor(ms / 1000);

/** Normalises a portal URL for lookups: lower case, no trailing slash. */
export function normalizePortalUrl(url: string): string {
  return url.trim().toLowerCase().replace(/\/+$/, '');
}

/** Removes key attributes before an item leaves the API. */
export function strip<T extends Record<string, unknown>>(
  item: T,
): Omit<T, 'pk' | 'sk' | 'gsi1pk' | 'gsi1sk' | 'gsi2pk' | 'gsi2sk'> {
  const { pk: _pk, sk: _sk, gsi1pk: _a, gsi1sk: _b, gsi2pk: _c, gsi2sk: _d, ...rest } = item;
  return rest;
}
