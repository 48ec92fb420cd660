import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';
import { MICROSOFT_CALLBACK_PATH } from '../shared/microsoft';

/**
 * The local stack's Entra ID: a real OpenID provider (oidc-provider, certified by the OpenID Foundation) under Entra's
 * path shape, `<base>/<tenant>/v2.0` (its discovery, authorization, token and keys), one provider per demo tenant, so
 * the portal's relying party (functions/lib/auth/microsoft.ts) runs its whole authorization code flow against it. Its
 * login page is oidc-provider's own (any password; the login is the person's e-mail); consent is granted as a
 * firm's admin consent would have been.
 *
 * Like Entra ID, it says in the ID token which tenant the person belongs to (`tid`) and whether that tenant verified
 * the e-mail's domain (`xms_edov`): an address at a demo tenant's domain is that tenant's person, verified; any other
 * address signs in as an unverified guest of the tenant it used (as an Entra ID user with a made-up e-mail would).
 */
export const DEMO_TENANTS = {
  /** Contadores Andes, the first demo firm: its people are at andes.demo.cl. */
  andes: { id: '4a1d6c1e-7f3b-4c55-9a0e-2d7c1b0a5e11', domains: ['andes.demo.cl'] },
  /** Auditores del Pacífico, the second: pacifico.demo.cl. */
  pacifico: { id: '8c2f0b9d-3e6a-4f17-b2d4-6a9e5c3f7d22', domains: ['pacifico.demo.cl'] },
} as const;

/** The demo identities: one invited to the first firm (the seed invites it), one its tenant has but no firm invited. */
export const DEMO_MICROSOFT_PEOPLE = {
  invited: 'invitada@andes.demo.cl',
  unknown: 'desconocido@andes.demo.cl',
} as const;

export const MICROSOFT_STAND_IN_CLIENT_ID = 'portal-local';

export interface MicrosoftStandIn {
  /** What the functions' MICROSOFT_AUTHORITY is: `<base>`, under which `/<tenant>/v2.0` answers. */
  authority: string;
  clientId: string;
  clientSecret: string;
  close: () => Promise<void>;
}

const tenantOfDomain = (domain: string) =>
  Object.values(DEMO_TENANTS).find((tenant) => (tenant.domains as readonly string[]).includes(domain));

function claimsOf(login: string, usedTenant: string) {
  const email = login.trim().toLowerCase();
  const home = tenantOfDomain(email.split('@')[1] ?? '');
  const local = email.split('@')[0] ?? email;
  const given = local.charAt(0).toUpperCase() + local.slice(1);
  return {
    sub: `${home?.id ?? usedTenant}:${email}`,
    email,
    tid: home?.id ?? usedTenant,
    xms_edov: Boolean(home),
    name: `${given} Demo`,
    given_name: given,
    family_name: 'Demo',
  };
}

function providerOf(issuer: string, tenant: string, client: Configuration['clients'][number]) {
  const configuration: Configuration = {
    clients: [client],
    pkce: { required: () => true },
    claims: {
      openid: ['sub', 'tid', 'xms_edov'],
      email: ['email'],
      profile: ['name', 'given_name', 'family_name'],
    },
    // Entra ID puts the requested claims in the ID token (the portal reads no userinfo).
    conformIdTokenClaims: false,
    findAccount: async (_ctx, id) => ({ accountId: id, claims: async () => claimsOf(id, tenant) }),
    // The firm's admin consented for the tenant: no consent page.
    loadExistingGrant: async (ctx) => {
      const accountId = ctx.oidc.session?.accountId;
      const clientId = ctx.oidc.client?.clientId;
      if (!accountId || !clientId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId, accountId });
      grant.addOIDCScope('openid profile email');
      await grant.save();
      return grant;
    },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    // A signing key of its own per start, as each tenant's keys are its own.
    jwks: { keys: [generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' })] },
    features: { devInteractions: { enabled: true } },
  };
  return new Provider(issuer, configuration);
}

/**
 * Starts the stand-in on `port` (0: a free one). Redirect URIs are exact, as Entra ID's: the portal's callback on each
 * of `portalOrigins`.
 */
export async function startMicrosoftStandIn(portalOrigins: string[], port = 0): Promise<MicrosoftStandIn> {
  const clientSecret = randomBytes(24).toString('base64url');
  const client = {
    client_id: MICROSOFT_STAND_IN_CLIENT_ID,
    client_secret: clientSecret,
    redirect_uris: portalOrigins.map((origin) => `${origin.replace(/\/$/, '')}${MICROSOFT_CALLBACK_PATH}`),
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_post',
  };
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const callbacks = new Map(
    Object.values(DEMO_TENANTS).map((tenant) => {
      const prefix = `/${tenant.id}/v2.0`;
      return [prefix, providerOf(`${base}${prefix}`, tenant.id, client).callback()] as const;
    }),
  );
  server.on('request', (request: IncomingMessage & { originalUrl?: string }, response) => {
    const url = request.url ?? '/';
    const prefix = [...callbacks.keys()].find((p) => url === p || url.startsWith(`${p}/`) || url.startsWith(`${p}?`));
    const handle = prefix ? callbacks.get(prefix) : undefined;
    if (!prefix || !handle) {
      response.writeHead(404).end('Unknown tenant');
      return;
    }
    // Mounted as a framework mounts it: the provider sees its own paths and builds its URLs under the prefix.
    request.originalUrl = url;
    request.url = url.slice(prefix.length) || '/';
    void handle(request, response);
  });
  return {
    authority: base,
    clientId: MICROSOFT_STAND_IN_CLIENT_ID,
    clientSecret,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
