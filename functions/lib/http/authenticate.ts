import type middy from '@middy/core';
import type { Contract } from '../../../shared/contracts/define';
import { SESSION_COOKIES } from '../../../shared/session-cookies';
import { assertMembershipsEnabled, sessionEnded, sessionEndedError } from '../auth/access';
import { verifyAccessToken } from '../auth/verify-token';
import { BatchedMembershipCheck, disabledError } from '../data/membership-status';
import { getUser } from '../data/users';
import { forbidden, notAuthenticated } from '../errors';
import { logger } from '../logger';
import { portalOrigin } from './client-ip';
import { cookieCredential } from './session-cookies';
import type { HttpEvent, HttpResult, PortalContext } from './types';

export function bearerToken(event: HttpEvent): string | undefined {
  const header = event.headers?.authorization ?? event.headers?.Authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/**
 * Protected contracts: verifies the access token (401) of the `Authorization: Bearer` header or of the session
 * cookie (session-cookies.ts: a write riding the cookie without the SPA's CSRF header is refused 403 first), loads
 * the caller's record from DynamoDB, refuses a missing or disabled user (401) whatever the identity provider says,
 * and a token issued before the user's sessions were ended (401 SESSION_ENDED: logout, password change or reset,
 * disabling), or a token that is not a live token of a session started on the portal the call came through (401);
 * then checks the contract's roles (403), and that the caller's projects and groups are enabled (403
 * PROJECT_DISABLED or GROUP_DISABLED).
 *
 * With `batchedMembershipCheck` (read-only lists: a page in at most 3 calls) that last check joins the
 * handler's own BatchGets instead of a call of its own (batch-get-extras.ts); whatever they did not carry is read when the
 * handler ends, and a disabled membership answers its 403 whatever the handler answered, error or not. Only for
 * handlers that write nothing: a write would happen before the refusal.
 */
export function authenticate(
  contract: Contract,
  batchedMembershipCheck = false,
): middy.MiddlewareObj<HttpEvent, HttpResult, Error, PortalContext> {
  const authenticateBefore: middy.MiddlewareFn<HttpEvent, HttpResult, Error, PortalContext> = async (request) => {
    if (contract.access === 'public') return;
    // API clients send the header; a plain link to a file may pass the access token as ?token=; the browser's
    // session rides its HttpOnly cookie, refused on a write without the SPA's CSRF header (403).
    const token =
      bearerToken(request.event) ??
      (contract.fileResponse || contract.queryToken ? request.event.queryStringParameters?.token : undefined) ??
      cookieCredential(request.event, SESSION_COOKIES.access, contract.method);
    if (!token) throw notAuthenticated();
    let username: string;
    let issuedAt: number;
    let tokenId: string;
    try {
      ({ username, issuedAt, id: tokenId } = await verifyAccessToken(token));
    } catch (error) {
      logger.info('Token refused', { reason: (error as Error).message });
      throw notAuthenticated();
    }
    const user = await getUser(username);
    if (!user?.enable) throw notAuthenticated();
    if (sessionEnded(user, issuedAt)) throw sessionEndedError();
    // The token's session started on this portal: on another firm's portal it is no session at all.
    if (user.live_tokens?.[tokenId]?.portal !== portalOrigin(request.event)) {
      logger.info('Token refused', { reason: 'not a live token of this portal' });
      throw notAuthenticated();
    }
    if (!contract.access.includes(user.user_role)) throw forbidden();
    if (batchedMembershipCheck && user.user_role !== 'SUPER_ADMIN') {
      request.context.membershipCheck = new BatchedMembershipCheck(user);
    } else {
      await assertMembershipsEnabled(user);
    }
    request.context.caller = { user, role: user.user_role };
    // The caller's firms, so one firm's incident can be cut out of the logs (a SUPER_ADMIN has none).
    logger.appendKeys({ userUuid: user.uuid, role: user.user_role, projects: user.project_uuids });
  };
  const authenticateAfter: middy.MiddlewareFn<HttpEvent, HttpResult, Error, PortalContext> = async (request) => {
    const disabled = await request.context.membershipCheck?.finish();
    if (disabled) throw disabledError(disabled);
  };
  // Errors too (a 404, a 400 of the input): a disabled membership answers 403 first, as when the check is made up front.
  const authenticateOnError: middy.MiddlewareFn<HttpEvent, HttpResult, Error, PortalContext> = async (request) => {
    const disabled = await request.context.membershipCheck?.finish();
    if (disabled) request.error = disabledError(disabled);
  };
  return { before: authenticateBefore, after: authenticateAfter, onError: authenticateOnError };
}
