import { AwsClient } from './aws-client';
import { SESV2 } from './ses-commands';

/**
 * The functions' SES v2 client: the light client of aws-client.ts, sending ses-commands.ts's SendEmail;
 * endpoint from AWS_ENDPOINT_URL_SESV2 locally (aws-ses-v2-local). Marked pure: unused, it stays out of a bundle.
 */
export const ses = /* @__PURE__ */ new AwsClient(SESV2);
