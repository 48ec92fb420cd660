/**
 * The few parts of oidc-provider (which ships no types) the local Entra ID stand-in uses (local/microsoft-stand-in.ts).
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface ClientMetadata {
    client_id: string;
    client_secret: string;
    redirect_uris: string[];
    grant_types: string[];
    response_types: string[];
    token_endpoint_auth_method: string;
  }

  interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  interface Context {
    oidc: {
      session?: { accountId?: string };
      client?: { clientId: string };
      provider: { Grant: new (properties: { clientId: string; accountId: string }) => Grant };
    };
  }

  export interface Configuration {
    clients: ClientMetadata[];
    pkce?: { required: () => boolean };
    claims?: Record<string, string[]>;
    conformIdTokenClaims?: boolean;
    findAccount?: (
      ctx: Context,
      id: string,
    ) => Promise<{ accountId: string; claims: () => Promise<Record<string, unknown>> } | undefined>;
    loadExistingGrant?: (ctx: Context) => Promise<Grant | undefined>;
    cookies?: { keys: string[] };
    jwks?: { keys: object[] };
    features?: Record<string, { enabled: boolean }>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    callback(): (request: IncomingMessage, response: ServerResponse) => Promise<void>;
  }
}
