/**
 * Stand-in for the AWS SDK credential providers that never run in this project (SSO, ini files, credential_process,
 * web identity, container HTTP, login, bearer-token providers). infra/bundling.ts aliases those packages to this
 * module so they stay out of every bundle.
 *
 * Lambda, the local stack and the bench all pass credentials through AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY
 * (/ AWS_SESSION_TOKEN), which the SDK's first link (fromEnv) reads. Should a link here ever be reached, it fails
 * with `tryNextLink` so the SDK's chain moves on to the next provider and ends in its usual "Could not load
 * credentials" error, naming the provider that was left out.
 */
class ProviderNotBundled extends Error {
  readonly tryNextLink = true;

  constructor(provider: string) {
    super(`${provider} is not bundled (infra/bundling.ts): pass credentials through environment variables`);
    this.name = 'CredentialsProviderError';
  }
}

function notBundled(provider: string) {
  return (_init?: unknown) =>
    async (_props?: unknown): Promise<never> => {
      throw new ProviderNotBundled(provider);
    };
}

export const fromSSO = notBundled('fromSSO');
export const fromIni = notBundled('fromIni');
export const fromProcess = notBundled('fromProcess');
export const fromTokenFile = notBundled('fromTokenFile');
export const fromWebToken = notBundled('fromWebToken');
export const fromHttp = notBundled('fromHttp');
export const fromLoginCredentials = notBundled('fromLoginCredentials');
export const fromSso = notBundled('fromSso (token)');
export const nodeProvider = notBundled('nodeProvider (token)');
// The Bedrock runtime client (chatbot) also names the bearer-token provider of AWS_BEARER_TOKEN_BEDROCK; the
// portal signs Bedrock calls with the function's role (SigV4), so that link is left out like the others.
export const fromEnvSigningName = notBundled('fromEnvSigningName (token)');
