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
 * Both calls are marked pure so a bundle that never sends to S3 leaves the client out (infra/bundling.ts); only the
 * functions that store or delete assets carry it (avatar and logo links are signed by aws/s3-presign.ts).
 */
export const s3 = /* @__PURE__ */ new S3Client(/* @__PURE__ */ s3Options());
