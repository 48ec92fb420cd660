import type middy from '@middy/core';
import type { Contract } from '../../../shared/contracts/define';
import { assertMembershipsEnabled, sessionEnded, sessionEndedError } from '../auth/access';
import { verifyAccessToken } from '../auth/verify-token';
import { getUser } from '../data/users';
import { forbidden, notAuthenticated } from '../errors';
import { logger } from '../logger';
import type { HttpEvent, HttpResult, PortalContext } from './types';

export function bearerToken(event: HttpEvent): string | undefined {
  const header = event.headers?.authorization ?? event.headers?.Authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/**
 * Protected contracts: verifies the access token (401), loads the caller's record from DynamoDB, refuses a missing or
 * disabled user (401) whatever the identity provider says, and a token issued before the user's sessions were ended
 * (401 SESSION_ENDED: logout, password change or reset, disabling); then checks the contract's roles (403), and that
 * the caller's projects and groups are enabled (403 PROJECT_DISABLED or GROUP_DISABLED).
 */
export function authenticate(contract: Contract): middy.MiddlewareObj<HttpEvent, HttpResult, Error, PortalContext> {
  const authenticateBefore: middy.MiddlewareFn<HttpEvent, HttpResult, Error, PortalContext> = async (request) => {
    if (contract.access === 'public') return;
    // File downloads are plain links, which cannot carry a header: they may pass the access token as ?token=.
    const token =
      bearerToken(request.event) ??
      (contract.fileResponse || contract.queryToken ? request.event.queryStringParameters?.token : undefined);
    if (!token) throw notAuthenticated();
    let username: string;
    let issuedAt: number;
    try {
      ({ username, issuedAt } = await verifyAccessToken(token));
    } catch (error) {
      logger.info('Token refused', { reason: (error as Error).message });
      throw notAuthenticated();
    }
    const user = await getUser(username);
    if (!user?.enable) throw notAuthenticated();
    if (sessionEnded(user, issuedAt)) throw sessionEndedError();
    if (!contract.access.includes(user.user_role)) throw forbidden();
    await assertMembershipsEnabled(user);
    request.context.caller = { user, role: user.user_role };
    logger.appendKeys({ userUuid: user.uuid, role: user.user_role });
  };
  return { before: authenticateBefore };
}
