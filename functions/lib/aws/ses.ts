import { SESv2Client } from '@aws-sdk/client-sesv2';

/** Endpoint comes from AWS_ENDPOINT_URL_SESV2 locally (aws-ses-v2-local). Marked pure: unused, it stays out of a bundle. */
export const ses = /* @__PURE__ */ new SESv2Client({});
