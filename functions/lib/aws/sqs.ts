import { AwsClient } from './aws-client';
import { SQS } from './sqs-commands';

/** The functions' SQS client (sqs-commands.ts). Marked pure: a bundle that never enqueues leaves it out. */
export const sqs = /* @__PURE__ */ new AwsClient(SQS);
