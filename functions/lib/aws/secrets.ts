import { AwsClient } from './aws-client';
import { SECRETS_MANAGER } from './secrets-commands';

/** The functions' Secrets Manager client (secrets-commands.ts). Marked pure: a bundle that reads no secret leaves it out. */
export const secretsManager = /* @__PURE__ */ new AwsClient(SECRETS_MANAGER);
