import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { DEFAULT_SHARE_EXPIRY_DAYS } from '../../shared/contracts/documents';
import type { Caller } from '../lib/auth/caller';
import { nowMs } from '../lib/clock';
import { getDocument } from '../lib/data/documents';
import {
  countShareUse,
  getShareLinkByHash,
  getShareLinkById,
  logShareUse,
  type ShareLinkRecord,
  shareLinkCreateWrites,
  shareLinkRevokeWrites,
  shareLinksOf,
} from '../lib/data/share-links';
import { epochSeconds, nowIso } from '../lib/data/table';
import { transactWrite } from '../lib/data/transact';
import { ApiError, notFound } from '../lib/errors';
import { logger } from '../lib/logger';
import { documentDownloadUrl } from '../lib/storage/documents';
import { visibleDocument } from './access';
import { splitExtension } from './documents';

/**
 * Share links (portal §2 "Sharing"; issue 10, as Box and Dropbox do): whoever may see a document mints a link of 1, 7
 * or 30 days (7 by default), sees the document's live links with their use count and last use, and revokes one.
 * /share/{token} asks share/download, which checks the link on every read and answers the attachment.
 */
const DAY_SECONDS = 86_400;
/** Logs of uses are kept 90 days (the TTL deletes them). */
const LOG_DAYS = 90;

export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

const isLive = (link: ShareLinkRecord, now = nowMs()) => !link.revoked_at && link.expires_at * 1000 > now;

export function shareLinkView(link: ShareLinkRecord) {
  return {
    uuid: link.uuid,
    created: link.created,
    expires_at: new Date(link.expires_at * 1000).toISOString(),
    use_count: link.use_count,
    last_used_at: link.last_used_at,
  };
}

export async function mintShareLink(caller: Caller, documentUuid: string, days = DEFAULT_SHARE_EXPIRY_DAYS) {
  await visibleDocument(caller, documentUuid);
  const token = randomBytes(32).toString('base64url');
  const link: ShareLinkRecord = {
    uuid: randomUUID(),
    token_hash: hashToken(token),
    document_uuid: documentUuid,
    created_by: caller.user.uuid,
    created: nowIso(),
    expires_at: epochSeconds(nowMs() + days * DAY_SECONDS * 1000),
    use_count: 0,
    last_used_at: null,
  };
  await transactWrite(shareLinkCreateWrites(link));
  logger.info('Share link created', { document: documentUuid, link: link.uuid, days });
  return { ...shareLinkView(link), token };
}

export async function liveShareLinks(caller: Caller, documentUuid: string) {
  await visibleDocument(caller, documentUuid);
  const now = nowMs();
  return (await shareLinksOf(documentUuid))
    .filter((link) => isLive(link, now))
    .sort((a, b) => (a.created < b.created ? 1 : -1))
    .map(shareLinkView);
}

export async function revokeLink(caller: Caller, linkUuid: string) {
  const link = await getShareLinkById(linkUuid);
  if (!link) throw notFound();
  await visibleDocument(caller, link.document_uuid);
  await transactWrite(shareLinkRevokeWrites(link, nowIso()));
  logger.info('Share link revoked', { document: link.document_uuid, link: link.uuid });
  return { detail: 'Link revocado' };
}

/** 404 LINK_EXPIRED for every refusal: malformed, unknown, expired, revoked or its document gone look the same. */
const expired = () => new ApiError(404, 'LINK_EXPIRED');

/**
 * Uses a link: checks it on this read (expiry against the server clock, revocation, the document still there), counts
 * the use in a conditional write (so a link revoked or expired meanwhile is not counted), and logs the attempt
 * whatever its outcome. The token itself is never logged: the link's id and a hash prefix name it.
 */
export async function useShareLink(token: string, ip: string | undefined) {
  const at = nowIso();
  const logExpiry = epochSeconds(nowMs() + LOG_DAYS * DAY_SECONDS * 1000);
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) {
    logger.info('Share link refused', { outcome: 'MALFORMED' });
    throw expired();
  }
  const hash = hashToken(token);
  const link = await getShareLinkByHash(hash);
  const refuse = async (outcome: string) => {
    logger.info('Share link refused', { outcome, link: link?.uuid ?? null, hash: hash.slice(0, 12) });
    if (link) await logShareUse(hash, { at, id: randomUUID(), outcome, ip, expires_at: logExpiry });
    return expired();
  };
  if (!link) throw await refuse('UNKNOWN');
  if (link.revoked_at) throw await refuse('REVOKED');
  if (link.expires_at * 1000 <= nowMs()) throw await refuse('EXPIRED');
  const document = await getDocument(link.document_uuid);
  if (!document) throw await refuse('DOCUMENT_GONE');
  if (!(await countShareUse(hash, at, epochSeconds()))) throw await refuse('EXPIRED');
  await logShareUse(hash, { at, id: randomUUID(), outcome: 'ALLOWED', ip, expires_at: logExpiry });
  logger.info('Share link used', { link: link.uuid, document: document.uuid });
  const url = await documentDownloadUrl(document.key, document.file_name, 'attachment', document.content_type);
  return { link: url, document_name: splitExtension(document.file_name).base };
}
