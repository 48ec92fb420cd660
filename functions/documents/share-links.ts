import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  DEFAULT_SHARE_EXPIRY_DAYS,
  SHARE_EXPIRY_DAYS_BY_ROLE,
  type ShareLinkEndReason,
} from '../../shared/contracts/documents';
import { assertMembershipsEnabled } from '../lib/auth/access';
import type { Caller } from '../lib/auth/caller';
import { nowMs } from '../lib/clock';
import { type DocumentRecord, getDocument } from '../lib/data/documents';
import {
  countShareUse,
  expiredShareLinkIds,
  getShareLinkByHash,
  getShareLinkById,
  logShareUse,
  revokeShareLinkRecord,
  type ShareLinkRecord,
  shareLinkCreateWrites,
  shareLinksOf,
} from '../lib/data/share-links';
import { epochSeconds, nowIso } from '../lib/data/table';
import { transactWrite } from '../lib/data/transact';
import type { UserRecord } from '../lib/data/user-record';
import { getUser, getUsers } from '../lib/data/users';
import { isAdmin, visibleDocument } from '../lib/document-access';
import { ApiError, forbidden, notFound } from '../lib/errors';
import { logger } from '../lib/logger';
import { documentDownloadUrl } from '../lib/storage/documents';
import { splitExtension } from './documents';

/**
 * Share links (portal §2 "Sharing", as Box and Dropbox do): whoever may see a document mints a link
 * (SHARE_EXPIRY_DAYS_BY_ROLE: admins of 1, 7 or 30 days, client users of 1 or 7), sees the document's unexpired links
 * (an admin all of them, a client user its own) with use count, last use and why one no longer opens, and revokes one.
 * /share/{token} asks share/download, which checks the link on every read and answers the attachment.
 *
 * A link is as alive as its maker's access: every use and every listing asks again whether the maker could
 * download the document itself now, with the checks of its own download (authenticate.ts: an enabled user whose
 * projects and groups are enabled; lib/document-access.ts visibleDocument). This is computed, not written when access
 * changes: no write per link, and no path that changes access (a membership, document access, a move, a disabled
 * project, a role, whatever document-access.ts comes to consider) can forget to end the links. Disabling alone is also
 * stamped on the user (`links_valid_after`, in the same write), so that enabling the user again does not revive its
 * old links.
 */
const DAY_SECONDS = 86_400;
/** Logs of uses are kept 90 days (the TTL deletes them). */
const LOG_DAYS = 90;

export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

const expiredAt = (link: ShareLinkRecord, now = nowMs()) => link.expires_at * 1000 <= now;

type CreatorEnd = Exclude<ShareLinkEndReason, 'revoked'>;

/**
 * Whether the maker could download the link's document itself now (the creator's record as read now): the document
 * when it could, else why not.
 */
async function creatorAccess(
  link: ShareLinkRecord,
  creator: UserRecord | undefined,
): Promise<{ document: DocumentRecord } | { end: CreatorEnd }> {
  if (!creator) return { end: 'creator_deleted' };
  if (!creator.enable || disabledSince(link, creator)) return { end: 'creator_disabled' };
  const asCreator: Caller = { user: creator, role: creator.user_role };
  const refused = (error: unknown) => {
    if (error instanceof ApiError && (error.status === 403 || error.status === 404)) return undefined;
    throw error;
  };
  const [membershipsEnabled, document] = await Promise.all([
    assertMembershipsEnabled(creator).then(() => true, refused),
    visibleDocument(asCreator, link.document_uuid).catch(refused),
  ]);
  return membershipsEnabled && document ? { document } : { end: 'creator_lost_access' };
}

/** A link minted before its maker was disabled (the stamp stays when the user is enabled again). */
const disabledSince = (link: ShareLinkRecord, creator: UserRecord) =>
  Date.parse(link.created) / 1000 < (creator.links_valid_after ?? 0);

function shareLinkView(link: ShareLinkRecord, creator: UserRecord | undefined, end: ShareLinkEndReason | null) {
  return {
    uuid: link.uuid,
    created: link.created,
    expires_at: new Date(link.expires_at * 1000).toISOString(),
    use_count: link.use_count,
    last_used_at: link.last_used_at,
    created_by: creator ? { uuid: creator.uuid, first_name: creator.first_name, last_name: creator.last_name } : null,
    end_reason: end,
  };
}

export async function mintShareLink(caller: Caller, documentUuid: string, days = DEFAULT_SHARE_EXPIRY_DAYS) {
  await visibleDocument(caller, documentUuid);
  if (!SHARE_EXPIRY_DAYS_BY_ROLE[caller.role].includes(days)) throw forbidden();
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
  const expired = await expiredShareLinkIds(documentUuid, epochSeconds());
  await transactWrite(shareLinkCreateWrites(link, expired));
  logger.info('Share link created', { document: documentUuid, link: link.uuid, days });
  return { ...shareLinkView(link, caller.user, null), token };
}

/**
 * A document's unexpired links, newest first: an admin's (within scope) every link, a client user's its own. Each
 * distinct maker is read once and judged once (the links of one document have few makers).
 */
export async function documentShareLinks(caller: Caller, documentUuid: string) {
  await visibleDocument(caller, documentUuid);
  const now = nowMs();
  const links = (await shareLinksOf(documentUuid))
    .filter((link) => !expiredAt(link, now))
    .filter((link) => isAdmin(caller) || link.created_by === caller.user.uuid)
    .sort((a, b) => (a.created < b.created ? 1 : -1));
  const creators = new Map((await getUsers(links.map((l) => l.created_by))).map((u) => [u.uuid, u]));
  const judged = new Map<string, Promise<CreatorEnd | null>>();
  return Promise.all(
    links.map(async (link) => {
      const creator = creators.get(link.created_by);
      if (link.revoked_at) return shareLinkView(link, creator, 'revoked');
      // The disable stamp depends on when each link was minted; the rest on the maker alone.
      if (creator && disabledSince(link, creator)) return shareLinkView(link, creator, 'creator_disabled');
      let access = judged.get(link.created_by);
      if (!access) {
        access = creatorAccess(link, creator).then((a) => ('end' in a ? a.end : null));
        judged.set(link.created_by, access);
      }
      return shareLinkView(link, creator, await access);
    }),
  );
}

/** Revokes a link: an admin who sees the document any of its links, a client user its own; 404 otherwise. */
export async function revokeLink(caller: Caller, linkUuid: string) {
  const link = await getShareLinkById(linkUuid);
  if (!link) throw notFound();
  await visibleDocument(caller, link.document_uuid);
  if (!isAdmin(caller) && link.created_by !== caller.user.uuid) throw notFound();
  await revokeShareLinkRecord(link, nowIso());
  logger.info('Share link revoked', { document: link.document_uuid, link: link.uuid });
  return { detail: 'Link revocado' };
}

/**
 * 404 LINK_EXPIRED for every refusal: malformed, unknown, expired, revoked, its maker without access or its document
 * gone look the same.
 */
const expired = () => new ApiError(404, 'LINK_EXPIRED');

/**
 * Uses a link: checks it on this read (expiry against the server clock, revocation, its maker's access now, the
 * document still there), counts the use in a conditional write (so a link revoked or expired meanwhile is not
 * counted), and logs the attempt whatever its outcome. The token itself is never logged: the link's id and a hash
 * prefix name it.
 */
export async function spendShareLink(token: string, ip: string | undefined) {
  const { document, hash, link, at, logExpiry, refuse } = await liveShareLink(token, ip);
  if (!(await countShareUse(hash, at, epochSeconds()))) throw await refuse('EXPIRED');
  await logShareUse(hash, { at, id: randomUUID(), outcome: 'ALLOWED', ip, expires_at: logExpiry });
  logger.info('Share link used', { link: link.uuid, document: document.uuid });
  const url = await documentDownloadUrl(document.key, document.file_name, 'attachment', document.content_type);
  return { link: url, document_name: splitExtension(document.file_name).base };
}

/**
 * What the share page shows before anyone downloads (name, size, until when): the same checks as a use, but nothing
 * counted and no file link, so opening the page is not a download.
 */
export async function peekShareLink(token: string, ip: string | undefined) {
  const { document, link } = await liveShareLink(token, ip);
  return {
    link: '',
    document_name: splitExtension(document.file_name).base,
    file_name: document.file_name,
    size: document.size,
    expires_at: new Date(link.expires_at * 1000).toISOString(),
  };
}

/** A link that may be used now, with its document; else 404 LINK_EXPIRED, the refusal logged. */
async function liveShareLink(token: string, ip: string | undefined) {
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
  if (expiredAt(link)) throw await refuse('EXPIRED');
  const access = await creatorAccess(link, await getUser(link.created_by));
  if ('end' in access) {
    // Told apart for the log only: the answer is the same.
    const gone = access.end === 'creator_lost_access' && !(await getDocument(link.document_uuid));
    throw await refuse(gone ? 'DOCUMENT_GONE' : access.end.toUpperCase());
  }
  return { document: access.document, hash, link, at, logExpiry, refuse };
}
