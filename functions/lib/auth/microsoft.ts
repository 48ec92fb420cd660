import * as oidc from 'openid-client';
import {
  MICROSOFT_ANY_ACCOUNT,
  MICROSOFT_CALLBACK_PATH,
  MICROSOFT_CONSUMER_TENANT,
  MICROSOFT_ORIGIN,
} from '../../../shared/microsoft';
import { secretsManager } from '../aws/secrets';
import { GetSecretValueCommand } from '../aws/secrets-commands';
import { nowMs } from '../clock';
import { config } from '../config';
import { seal, unseal } from './second-factor-key';

/**
 * Microsoft sign-in: the portal is an OpenID Connect relying party of Entra ID with openid-client (certified), by the
 * authorization code flow with PKCE (S256), state and nonce. One multi-tenant app registration serves every firm
 * (docs/deploy.md): each firm's portal sends its people to the firm's own tenant's authority
 * (`<authority>/<tenant>/v2.0`, whose issuer openid-client checks on the ID token), or to `common` for a firm that
 * admits any Microsoft account (whose issuer is each person's tenant: openid-client checks it against the `tid` claim).
 * The e-mail claim counts only as `trustedEmail` says. Locally the requests to Entra's origin go to the local stack's
 * oidc-provider (local/microsoft-stand-in.ts), over http, which only a local run allows; the addresses and checks stay
 * Entra's.
 */

/** The flow's secrets between the redirect to Microsoft and its answer (a sealed HttpOnly cookie, ten minutes). */
export interface MicrosoftFlow {
  state: string;
  nonce: string;
  verifier: string;
  project: string;
  portal: string;
  until: number;
}

export const FLOW_SECONDS = 10 * 60;
const FLOW_CONTEXT = 'microsoft-flow';

const configurations = new Map<string, Promise<oidc.Configuration>>();
let secret: Promise<string> | undefined;

async function storedClientSecret(): Promise<string> {
  const arn = config.microsoftSecretArn;
  if (!arn) throw new Error('Missing environment variable MICROSOFT_SECRET_ARN');
  const { SecretString } = await secretsManager.send(new GetSecretValueCommand({ SecretId: arn }));
  if (!SecretString) throw new Error('The Microsoft client secret is empty');
  return SecretString.trim();
}

/** Locally the stand-in's own secret (a second portal in the same process has another); in AWS read once. */
function clientSecretNow(): Promise<string> {
  const local = config.localMicrosoftClientSecret;
  if (local) return Promise.resolve(local);
  secret ??= storedClientSecret().catch((error: unknown) => {
    secret = undefined;
    throw error;
  });
  return secret;
}

/** Whether this deployment has an Entra ID app registration at all. */
export const microsoftConfigured = () => Boolean(config.microsoftClientId);

/** The authority of a firm's setting: its tenant, or `common` for any account. */
const tenantPath = (tenant: string) => (tenant === MICROSOFT_ANY_ACCOUNT ? 'common' : tenant);

/** Entra ID's metadata for a tenant, read once per cold start (a failure is not kept). */
function configurationOf(tenant: string): Promise<oidc.Configuration> {
  const path = tenantPath(tenant);
  // The stand-in's address is part of the key: a local process may start a second portal with a stand-in of its own.
  const key = `${config.localMicrosoftStandIn ?? ''}|${path}`;
  let found = configurations.get(key);
  if (!found) {
    found = (async () => {
      const clientSecret = await clientSecretNow();
      const server = new URL(`${MICROSOFT_ORIGIN}/${path}/v2.0`);
      const standIn = config.localMicrosoftStandIn;
      return oidc.discovery(server, config.microsoftClientId as string, clientSecret, undefined, {
        // Only the local stand-in answers, over http; Lambda refuses its setting (config.ts).
        ...(standIn && {
          execute: [oidc.allowInsecureRequests],
          [oidc.customFetch]: (url: string, options: oidc.CustomFetchOptions) =>
            fetch(
              url.startsWith(MICROSOFT_ORIGIN) ? standIn + url.slice(MICROSOFT_ORIGIN.length) : url,
              options as RequestInit,
            ),
        }),
      });
    })().catch((error: unknown) => {
      configurations.delete(key);
      throw error;
    });
    configurations.set(key, found);
  }
  return found;
}

export const redirectUriOf = (portal: string) => `${portal.replace(/\/$/, '')}${MICROSOFT_CALLBACK_PATH}`;

/** Where to send the person, and the flow to keep (sealed) until Microsoft answers. */
export async function microsoftAuthorization(
  tenant: string,
  portal: string,
  project: string,
): Promise<{ url: string; sealedFlow: string }> {
  const configuration = await configurationOf(tenant);
  const verifier = oidc.randomPKCECodeVerifier();
  const flow: MicrosoftFlow = {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    verifier,
    project,
    portal,
    until: Math.floor(nowMs() / 1000) + FLOW_SECONDS,
  };
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUriOf(portal),
    scope: 'openid profile email',
    response_type: 'code',
    response_mode: 'query',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state: flow.state,
    nonce: flow.nonce,
  });
  return { url: url.href, sealedFlow: await seal(JSON.stringify(flow), FLOW_CONTEXT) };
}

/** The flow of a cookie, if it is one of ours, for this portal and not expired. */
export async function openFlow(sealed: string | undefined, portal: string): Promise<MicrosoftFlow | undefined> {
  if (!sealed) return undefined;
  try {
    const flow = JSON.parse(await unseal(sealed, FLOW_CONTEXT)) as MicrosoftFlow;
    if (flow.portal !== portal || flow.until <= Math.floor(nowMs() / 1000)) return undefined;
    return flow;
  } catch {
    return undefined;
  }
}

export interface MicrosoftIdentity {
  tid?: string;
  email?: string;
  /** Entra ID's "the e-mail's domain is verified by the tenant" (the optional claim xms_edov). */
  emailDomainVerified: boolean;
  name?: string;
  given_name?: string;
  family_name?: string;
}

/**
 * Microsoft's answer checked and its code exchanged (PKCE verifier, state, nonce, the ID token's issuer, audience,
 * signature and times all checked by openid-client): the claims the portal reads. Throws on any mismatch.
 */
export async function microsoftIdentity(
  tenant: string,
  flow: MicrosoftFlow,
  rawQuery: string,
): Promise<MicrosoftIdentity> {
  const configuration = await configurationOf(tenant);
  const current = new URL(`${redirectUriOf(flow.portal)}?${rawQuery}`);
  const tokens = await oidc.authorizationCodeGrant(configuration, current, {
    pkceCodeVerifier: flow.verifier,
    expectedState: flow.state,
    expectedNonce: flow.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error('No ID token');
  const edov = claims.xms_edov;
  return {
    tid: typeof claims.tid === 'string' ? claims.tid.toLowerCase() : undefined,
    email: typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : undefined,
    emailDomainVerified: edov === true || edov === 1 || edov === '1' || edov === 'true',
    ...(typeof claims.name === 'string' && { name: claims.name }),
    ...(typeof claims.given_name === 'string' && { given_name: claims.given_name }),
    ...(typeof claims.family_name === 'string' && { family_name: claims.family_name }),
  };
}

/**
 * The e-mail a firm may match, or undefined. For a firm's tenant: only a person of that tenant (`tid`) whose e-mail's
 * domain the tenant verified (`xms_edov`): an Entra ID user can type any address in its own profile, so an unverified
 * e-mail claim proves nothing. For 'any account': a work account under the same rule for its own tenant, or a
 * personal Microsoft account (its tenant is Microsoft's consumer tenant, whose e-mail Microsoft verified at sign-up).
 */
export function trustedEmail(tenant: string, identity: MicrosoftIdentity): string | undefined {
  if (!identity.email || !identity.tid) return undefined;
  if (tenant === MICROSOFT_ANY_ACCOUNT) {
    return identity.tid === MICROSOFT_CONSUMER_TENANT || identity.emailDomainVerified ? identity.email : undefined;
  }
  return identity.tid === tenant && identity.emailDomainVerified ? identity.email : undefined;
}
