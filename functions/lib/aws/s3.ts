import { S3Client } from '@aws-sdk/client-s3';
import { config } from '../config';

/**
 * Locally s3rver needs path-style URLs, and checksums only when required: with the SDK defaults it stores the
 * aws-chunked framing inside the object (design/local-stack.md).
 */
export const s3 = /* @__PURE__ */ new S3Client(
  config.isLocal
    ? { forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
    : {},
);
