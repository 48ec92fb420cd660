import { startMicrosoftSignIn } from '../../shared/contracts/auth';
import { MICROSOFT_ERROR_PARAM } from '../../shared/microsoft';
import { FLOW_SECONDS, microsoftAuthorization, microsoftConfigured } from '../lib/auth/microsoft';
import { getProjectByPortalUrl } from '../lib/data/projects';
import { portalOrigin } from '../lib/http/client-ip';
import { httpHandler } from '../lib/http/http-handler';
import { RawResult } from '../lib/http/raw-result';

export const MICROSOFT_FLOW_COOKIE = 'portal_microsoft_flow';
const FLOW_COOKIE_PATH = '/api/v1/token/microsoft';

/**
 * The flow's cookie: HttpOnly and Secure like the session's, but SameSite=Lax, because Microsoft's answer comes back as
 * a top-level navigation from Microsoft's site, which a Strict cookie would not ride; sealed, so it is read by no one.
 */
export const flowCookie = (sealed: string) =>
  `${MICROSOFT_FLOW_COOKIE}=${sealed}; Path=${FLOW_COOKIE_PATH}; Max-Age=${FLOW_SECONDS}; HttpOnly; Secure; SameSite=Lax`;
export const clearedFlowCookie = () =>
  `${MICROSOFT_FLOW_COOKIE}=; Path=${FLOW_COOKIE_PATH}; Max-Age=0; HttpOnly; Secure; SameSite=Lax`;

/** A 302 the browser follows, with cookies. */
export const redirect = (location: string, cookies: string[] = []) =>
  new RawResult({
    statusCode: 302,
    headers: { location, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
    cookies,
    body: '',
  });

/** The firm's login with a refusal's code (its Spanish message is the SPA's, shared/i18n/error-messages.ts). */
export const refusedAtLogin = (code: string, cookies: string[] = []) =>
  redirect(`/login?${MICROSOFT_ERROR_PARAM}=${encodeURIComponent(code)}`, cookies);

/**
 * GET api/v1/token/microsoft/: the branded login's 'Ingresar con Microsoft'. On the portal of a firm that has it on,
 * a redirect to its Entra ID tenant's authorization endpoint with PKCE, state and nonce, which wait sealed in a
 * ten-minute cookie for the callback; on any other portal a redirect back to the login with MICROSOFT_SIGN_IN_OFF.
 */
export const handler = httpHandler(startMicrosoftSignIn, async ({ event }) => {
  const portal = portalOrigin(event);
  const project = portal ? await getProjectByPortalUrl(portal) : undefined;
  if (!project?.enable || !project.microsoft_tenant || !microsoftConfigured()) {
    return refusedAtLogin('MICROSOFT_SIGN_IN_OFF');
  }
  const { url, sealedFlow } = await microsoftAuthorization(project.microsoft_tenant, portal, project.uuid);
  return redirect(url, [flowCookie(sealedFlow)]);
});
