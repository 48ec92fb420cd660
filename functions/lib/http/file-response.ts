import { RawResult } from './raw-result';

/**
 * A file as an API answer (the PDFs and the exports), base64-encoded as API Gateway expects binary bodies. It lives
 * apart from the writers so a function bundles only the writer of the file it answers (issue 9).
 */
export function fileResponse(bytes: Uint8Array, contentType: string, fileName: string): RawResult {
  return new RawResult({
    statusCode: 200,
    isBase64Encoded: true,
    headers: {
      'content-type': contentType,
      'content-disposition': `attachment; filename="${fileName}"`,
      'cache-control': 'no-store',
    },
    body: Buffer.from(bytes).toString('base64'),
  });
}
