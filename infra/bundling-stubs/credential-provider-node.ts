import { fromEnv } from '@aws-sdk/credential-provider-env';

/**
 * Stand-in for `@aws-sdk/credential-provider-node`, the SDK's default credential chain (environment, SSO, ini files,
 * credential_process, web identity, container and instance metadata). Lambda, the local stack and the bench pass
 * credentials in environment variables (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN), so the chain's
 * first link is the only one that ever answers: infra/bundling.ts aliases the package here and every client reads the
 * environment. Without those variables the call fails with the SDK's own "Unable to find environment variable
 * credentials" error.
 */
export const defaultProvider = (init?: Parameters<typeof fromEnv>[0]) => fromEnv(init);

/** Environment credentials carry no expiry unless AWS_CREDENTIAL_EXPIRATION says so (the SDK's own rule). */
export const credentialsWillNeedRefresh = (credentials: { expiration?: Date }) => credentials.expiration !== undefined;

export const credentialsTreatedAsExpired = (credentials: { expiration?: Date }) =>
  credentials.expiration !== undefined && credentials.expiration.getTime() - Date.now() < 300_000;
