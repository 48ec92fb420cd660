import { S3Client } from '@aws-sdk/client-s3';
import { config } from '../config';

/**
 * Locally s3rver needs path-style URLs, and checksums only when required: with the SDK defaults it stores the
 * aws-chunked framing inside the object (design/local-stack.md).
 */
function s3Options() {
  return config.isLocal
    ? ({
        forcePathStyle: true,
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      } as const)
    : {};
}

/**
 * The SDK's S3 client, kept for the documents bucket's calls that the light client (s3.ts) does not make (presigned
 * POSTs, HEAD, copies, presigned downloads with response headers) and for the ledger import worker (a 15-minute job,
 * not a request path). Both calls are marked pure so a bundle that never uses it leaves it out (infra/bundling.ts).
 */
export const sdkS3 = /* @__PURE__ */ new S3Client(/* @__PURE__ */ s3Options());
