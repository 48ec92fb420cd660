import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';
import { MICROSOFT_CALLBACK_PATH, MICROSOFT_CONSUMER_TENANT, MICROSOFT_ORIGIN } from '../shared/microsoft';

/**
 * The local stack's Entra ID: a real OpenID provider (oidc-provider, certified by the OpenID Foundation) under Entra's
 * path shape, `<base>/<tenant>/v2.0` (its discovery, authorization, token and keys), one provider per demo tenant and
 * one for personal accounts, so the portal's relying party (functions/lib/auth/microsoft.ts) runs its whole
 * authorization code flow against it. Its issuers are Entra's own (`https://login.microsoftonline.com/<tenant>/v2.0`):
 * the relying party asks Entra's address and, locally only, its requests to that origin reach this server, so
 * openid-client applies the checks it applies to Entra ID. Its login page is oidc-provider's own (any password; the
 * login is the person's e-mail); consent is granted as a firm's admin consent would have been.
 *
 * `<base>/common/v2.0` stands in for Entra's multi-tenant authority, as Entra answers it: its discovery's issuer is the
 * template `…/{tenantid}/v2.0`, an account page sends the person to the tenant of its e-mail's domain (a personal
 * account's for any other), and the token each tenant issues names that tenant as its issuer (`tid`); like Entra's
 * `common`, its authorization answer carries no `iss`.
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
  /** Personal Microsoft accounts (Entra's consumer tenant): any address no demo tenant holds. */
  personal: { id: MICROSOFT_CONSUMER_TENANT, domains: [] },
} as const;

/** The demo identities: one invited to the first firm (the seed invites it), one its tenant has but no firm invited. */
export const DEMO_MICROSOFT_PEOPLE = {
  invited: 'invitada@andes.demo.cl',
  unknown: 'desconocido@andes.demo.cl',
} as const;

export const MICROSOFT_STAND_IN_CLIENT_ID = 'portal-local';

export interface MicrosoftStandIn {
  /** Where this server answers (`<base>/<tenant>/v2.0`); the relying party's requests to Entra's origin come here. */
  base: string;
  clientId: string;
  clientSecret: string;
  close: () => Promise<void>;
}

const tenantOfDomain = (domain: string) =>
  Object.values(DEMO_TENANTS).find((tenant) => (tenant.domains as readonly string[]).includes(domain));

function claimsOf(login: string, usedTenant: string) {
  const email = login.trim().toLowerCase();
  const home = tenantOfDomain(email.split('@')[1] ?? '');
  // A personal account is the consumer tenant's own person: Microsoft verified its e-mail at sign-up (no xms_edov).
  if (usedTenant === MICROSOFT_CONSUMER_TENANT && !home) {
    const local = email.split('@')[0] ?? email;
    const given = local.charAt(0).toUpperCase() + local.slice(1);
    return {
      sub: `${usedTenant}:${email}`,
      email,
      tid: usedTenant,
      name: `${given} Demo`,
      given_name: given,
      family_name: 'Demo',
    };
  }
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
  const tenants = Object.values(DEMO_TENANTS).map((tenant) => tenant.id);
  const callbacks = new Map(
    tenants.map((id) => [`/${id}/v2.0`, providerOf(`${MICROSOFT_ORIGIN}/${id}/v2.0`, id, client).callback()] as const),
  );
  const common = commonAuthority(base, tenants);
  server.on('request', (request: IncomingMessage & { originalUrl?: string }, response) => {
    const url = request.url ?? '/';
    if (url.startsWith(`${COMMON}/`) || url.startsWith(`${COMMON}?`)) {
      void common.handle(request, response);
      return;
    }
    const prefix = [...callbacks.keys()].find((p) => url === p || url.startsWith(`${p}/`) || url.startsWith(`${p}?`));
    const handle = prefix ? callbacks.get(prefix) : undefined;
    if (!prefix || !handle) {
      response.writeHead(404).end('Unknown tenant');
      return;
    }
    common.dropIssuerOfItsFlows(response);
    // Mounted as a framework mounts it: the provider sees its own paths and builds its URLs under the prefix.
    request.originalUrl = url;
    request.url = url.slice(prefix.length) || '/';
    void handle(request, response);
  });
  return {
    base,
    clientId: MICROSOFT_STAND_IN_CLIENT_ID,
    clientSecret,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const COMMON = '/common/v2.0';

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const accountPage = (action: string) => `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>Iniciar sesión: cuenta de Microsoft (local)</title></head>
<body><main><h1>Iniciar sesión</h1>
<form method="post" action="${action.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">
<label for="login">Correo electrónico</label> <input id="login" name="login" type="email" autocomplete="username" required>
<button type="submit">Siguiente</button></form></main></body></html>`;

/**
 * Entra's `common` authority over the tenants' providers: discovery with the templated issuer, an account page that
 * hands the authorization request (unchanged) to the tenant of the e-mail, a token endpoint that redeems the code at
 * the tenant that issued it, and the tenants' keys together.
 */
function commonAuthority(base: string, tenants: string[]) {
  /** The `state` of the authorizations begun here: their answers leave without `iss`, as Entra's `common` does. */
  const begunHere = new Set<string>();
  const tenantOfLogin = (login: string) =>
    tenantOfDomain(login.trim().toLowerCase().split('@')[1] ?? '')?.id ?? MICROSOFT_CONSUMER_TENANT;
  const json = (response: ServerResponse, status: number, body: unknown) =>
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', base);
    const path = url.pathname.slice(COMMON.length);
    if (path === '/.well-known/openid-configuration') {
      json(response, 200, {
        issuer: `${MICROSOFT_ORIGIN}/{tenantid}/v2.0`,
        authorization_endpoint: `${base}${COMMON}/authorize`,
        token_endpoint: `${base}${COMMON}/token`,
        jwks_uri: `${base}${COMMON}/keys`,
        response_types_supported: ['code'],
        response_modes_supported: ['query'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        scopes_supported: ['openid', 'profile', 'email'],
        token_endpoint_auth_methods_supported: ['client_secret_post'],
        code_challenge_methods_supported: ['S256'],
      });
      return;
    }
    if (path === '/authorize') {
      const login = request.method === 'POST' ? new URLSearchParams(await bodyOf(request)).get('login') : null;
      if (!login) {
        response
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(accountPage(url.pathname + url.search));
        return;
      }
      const state = url.searchParams.get('state');
      if (state) begunHere.add(state);
      const onward = new URL(`${base}/${tenantOfLogin(login)}/v2.0/auth`);
      for (const [name, value] of url.searchParams) onward.searchParams.set(name, value);
      onward.searchParams.set('login_hint', login);
      response.writeHead(303, { location: onward.href }).end();
      return;
    }
    if (path === '/token' && request.method === 'POST') {
      const body = await bodyOf(request);
      // A code is one tenant's: the others answer invalid_grant without spending it.
      let last: Response | undefined;
      for (const tenant of tenants) {
        last = await fetch(`${base}/${tenant}/v2.0/token`, {
          method: 'POST',
          headers: { 'content-type': request.headers['content-type'] ?? 'application/x-www-form-urlencoded' },
          body,
        });
        if (last.ok) break;
      }
      if (!last) throw new Error('No tenant');
      response.writeHead(last.status, { 'content-type': 'application/json' }).end(await last.text());
      return;
    }
    if (path === '/keys') {
      const sets = await Promise.all(
        tenants.map(
          async (tenant) => ((await (await fetch(`${base}/${tenant}/v2.0/jwks`)).json()) as { keys: unknown[] }).keys,
        ),
      );
      json(response, 200, { keys: sets.flat() });
      return;
    }
    json(response, 404, { error: 'not_found' });
  }

  /** A tenant's redirect back to the portal for a flow begun at `common` leaves without its `iss` parameter. */
  function dropIssuerOfItsFlows(response: ServerResponse) {
    const setHeader = response.setHeader.bind(response);
    response.setHeader = (name, value) => {
      if (name.toLowerCase() === 'location' && typeof value === 'string' && value.includes(MICROSOFT_CALLBACK_PATH)) {
        const target = new URL(value);
        const state = target.searchParams.get('state');
        if (state && begunHere.has(state)) {
          begunHere.delete(state);
          target.searchParams.delete('iss');
          return setHeader(name, target.href);
        }
      }
      return setHeader(name, value);
    };
  }

  return { handle, dropIssuerOfItsFlows };
}
