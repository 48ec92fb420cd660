import { AwsClient } from './aws-client';
import { KMS } from './kms-commands';

/** The functions' KMS client (kms-commands.ts). Marked pure: a bundle that signs and verifies nothing leaves it out. */
export const kms = /* @__PURE__ */ new AwsClient(KMS);
