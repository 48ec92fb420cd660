import { AwsClient } from './aws-client';
import { S3 } from './s3-commands';

/**
 * The functions' S3 client, for both buckets (assets: logos, icons, avatars; documents: files and ledger uploads): the
 * light client of aws-client.ts, sending the object commands of s3-commands.ts; endpoint from
 * AWS_ENDPOINT_URL_S3 locally (s3rver, path-style). Marked pure: a bundle that never stores, deletes or reads an
 * object leaves it out (links and upload forms are presigned by s3-presign.ts without it).
 */
export const s3 = /* @__PURE__ */ new AwsClient(S3);
