import type { FileAnswer } from '../file-answer';
import type { HttpResult } from './types';

/** A file as an API answer, base64-encoded as API Gateway expects binary bodies. */
export function fileResponse({ bytes, contentType, fileName }: FileAnswer): HttpResult {
  return {
    statusCode: 200,
    isBase64Encoded: true,
    headers: {
      'content-type': contentType,
      'content-disposition': `attachment; filename="${fileName}"`,
      'cache-control': 'no-store',
    },
    body: Buffer.from(bytes).toString('base64'),
  };
}
