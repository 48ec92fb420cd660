import { microsoftSignInCallback } from '../../shared/contracts/auth';
import { MICROSOFT_CHALLENGE_HASH, MICROSOFT_DONE_PARAM, MICROSOFT_DONE_VALUE } from '../../shared/microsoft';
import { signInMethod } from '../../shared/second-factor';
import { assertMembershipsEnabled, waitForSessionStart } from '../lib/auth/access';
import { microsoftConfigured, microsoftIdentity, openFlow, trustedEmail } from '../lib/auth/microsoft';
import { openSession } from '../lib/auth/open-session';
import { issuePortalTokens } from '../lib/auth/portal-tokens';
import { afterFirstFactor } from '../lib/auth/second-factor';
import { pendingInvitationOf } from '../lib/data/invitations';
import { getProject, type ProjectRecord } from '../lib/data/projects';
import { type RequestOrigin, writeSessionEvent } from '../lib/data/user-logs';
import type { UserRecord } from '../lib/data/user-record';
import { getUser, getUserByEmail } from '../lib/data/users';
import { ApiError } from '../lib/errors';
import { portalOrigin, requestOrigin } from '../lib/http/client-ip';
import { httpHandler } from '../lib/http/http-handler';
import { sessionCookies } from '../lib/http/session-cookies';
import { logger } from '../lib/logger';
import { joinFromMicrosoft, registerFromMicrosoft } from '../registration/accounts';
import { clearedFlowCookie, MICROSOFT_FLOW_COOKIE, redirect, refusedAtLogin } from './start-microsoft-sign-in';

/** The flow cookie of the request (sent only to this route's path). */
function flowCookieOf(cookies: string[] | undefined, header: string | undefined): string | undefined {
  const prefix = `${MICROSOFT_FLOW_COOKIE}=`;
  return (cookies ?? header?.split(/;\s*/) ?? []).find((c) => c.startsWith(prefix))?.slice(prefix.length);
}

/** Names for an account Microsoft's sign-in makes: the invitation's, else Microsoft's, else the address's. */
function namesOf(invitation: { first_name?: string; last_name?: string; email: string }, identity: NamedIdentity) {
  const [first = '', ...rest] = (identity.name ?? '').trim().split(/\s+/);
  const first_name = invitation.first_name || identity.given_name || first || invitation.email.split('@')[0] || '-';
  const last_name = invitation.last_name || identity.family_name || rest.join(' ') || '-';
  return { first_name: first_name.slice(0, 100), last_name: last_name.slice(0, 100) };
}

type NamedIdentity = { name?: string; given_name?: string; family_name?: string };

/** A refusal the login tells (its code), logged under the user when there is one, under the address otherwise. */
async function refuse(
  code: string,
  reason: string,
  origin: RequestOrigin,
  who: { userUuid: string } | { email: string },
) {
  await writeSessionEvent(who, 'LOGIN_REFUSED', origin, reason);
  return refusedAtLogin(code, [clearedFlowCookie()]);
}

/**
 * The person behind a trusted e-mail on this firm's portal: its enabled user of this firm; or, with a pending
 * invitation of this firm, the account it makes now (no password) or, for another firm's client, the account joining
 * it. Undefined when none.
 */
async function personOf(email: string, project: ProjectRecord, identity: NamedIdentity, origin: RequestOrigin) {
  const user = await getUserByEmail(email);
  if (user?.user_role === 'SUPER_ADMIN') return undefined;
  if (user?.project_uuids.includes(project.uuid)) return user;
  const invitation = await pendingInvitationOf(email, project.uuid);
  if (!invitation) return undefined;
  // A disabled account joins nothing (the caller refuses it as disabled).
  if (user && !user.enable) return user;
  const completed = user
    ? joinFromMicrosoft(user, invitation, origin).then(() => getUser(user.uuid))
    : registerFromMicrosoft(invitation, namesOf(invitation, identity), origin);
  return completed.catch((error: unknown) => {
    // A link used or expired meanwhile, or an invitation to another role than the account's: as if none.
    if (error instanceof ApiError && error.status === 400) return undefined;
    throw error;
  });
}

/**
 * GET api/v1/token/microsoft/callback/: Entra ID's answer. The flow cookie must be this portal's and unexpired; the
 * code is exchanged with its PKCE verifier and the ID token checked (issuer of the firm's tenant, audience, nonce,
 * signature); the e-mail claim counts only as microsoft.ts `trustedEmail` says; it must be an enabled user of this
 * firm or a pending invitation of this firm (completed now), whose firm, project and group are enabled. Then the
 * second factor if the firm asks it after Microsoft (`microsoft_second_factor`), and the session of the portal's own
 * tokens, as a password's: same cookies, 55 minutes, logout and revocation; the log says MICROSOFT.
 */
export const handler = httpHandler(microsoftSignInCallback, async ({ query, event }) => {
  const origin = requestOrigin(event);
  const portal = portalOrigin(event);
  const flow = await openFlow(flowCookieOf(event.cookies, event.headers?.cookie), portal);
  const project = flow ? await getProject(flow.project) : undefined;
  const tenant = project?.microsoft_tenant;
  if (!flow || !project?.enable || !tenant || !microsoftConfigured() || query.error || !query.code) {
    if (query.error) logger.info('Microsoft sign-in not completed', { reason: query.error });
    return refusedAtLogin(tenant || !project ? 'MICROSOFT_SIGN_IN_FAILED' : 'MICROSOFT_SIGN_IN_OFF', [
      clearedFlowCookie(),
    ]);
  }
  const identity = await microsoftIdentity(tenant, flow, event.rawQueryString ?? '').catch((error: unknown) => {
    logger.warn('Microsoft answer refused', { reason: (error as Error).message });
    return undefined;
  });
  if (!identity) return refusedAtLogin('MICROSOFT_SIGN_IN_FAILED', [clearedFlowCookie()]);
  const email = trustedEmail(tenant, identity);
  if (!email) {
    return refuse('MICROSOFT_NOT_INVITED', 'MICROSOFT_UNVERIFIED', origin, { email: identity.email ?? 'unknown' });
  }
  const user: UserRecord | undefined = await personOf(email, project, identity, origin);
  if (!user) return refuse('MICROSOFT_NOT_INVITED', 'MICROSOFT_NOT_INVITED', origin, { email });
  const who = { userUuid: user.uuid };
  if (!user.enable) return refuse('USER_DISABLED', 'USER_DISABLED', origin, who);
  const disabled = await assertMembershipsEnabled(user).then(
    () => undefined,
    (error: unknown) => {
      // A disabled project or group says so; a failure to read them is no answer (it propagates).
      if (error instanceof ApiError) return error.code;
      throw error;
    },
  );
  if (disabled) return refuse(disabled, disabled, origin, who);
  await waitForSessionStart(user);
  const tokens = await issuePortalTokens(user);
  const first = { kind: 'MICROSOFT' as const, user, refresh: tokens.refresh, portal, remember: false };
  // The firm chooses whether Microsoft's sign-in (often with Microsoft's own MFA) also asks the portal's code.
  const next = project.microsoft_second_factor ? await afterFirstFactor(first) : { method: signInMethod('MICROSOFT') };
  if ('challenge' in next) {
    // In the fragment: the browser never sends it to a server, and the login removes it from the address bar.
    const hash = new URLSearchParams({ [MICROSOFT_CHALLENGE_HASH]: next.challenge, step: next.step });
    return redirect(`/login#${hash}`, [clearedFlowCookie()]);
  }
  await openSession(user, tokens, { portal, remember: false, origin, method: next.method });
  // The login marks the SPA's session (its cookies are HttpOnly) and goes on to /home or the page asked for.
  const done = new URLSearchParams({ [MICROSOFT_DONE_PARAM]: MICROSOFT_DONE_VALUE });
  return redirect(`/login?${done}`, [clearedFlowCookie(), ...sessionCookies(tokens, false)]);
});
