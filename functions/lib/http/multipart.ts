import busboy from 'busboy';
import type { UploadedFile } from '../uploaded-file';

export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
/** Text fields a form may send: a uuid list of the schemas' 500 entries as repeated fields, and the rest of a form. */
export const MAX_FIELDS = 1000;
export const MAX_FIELD_BYTES = 100_000;

/**
 * A body past busboy's limits. Busboy would otherwise cut the value, or drop the fields past the count, and carry on:
 * a uuid list sent as repeated fields would arrive shortened and a membership write would drop the rest silently.
 */
export class MultipartLimitError extends Error {
  constructor(readonly field?: string) {
    super(`multipart limit exceeded${field ? ` by ${field}` : ''}`);
  }
}

/**
 * Parses a multipart/form-data body (API Gateway hands it base64-encoded) into text fields and files. A repeated field
 * becomes a list, which is how forms send uuid lists. Fields are gathered in a Map and turned into own properties at
 * the end: on a plain object a field named `__proto__` or `constructor` would read inherited members, and a repeated
 * `__proto__` would replace the object's prototype.
 */
export function parseMultipart(
  body: Buffer,
  contentType: string,
): Promise<{ fields: Record<string, string | string[]>; files: UploadedFile[] }> {
  return new Promise((resolve, reject) => {
    const fields = new Map<string, string | string[]>();
    const files: UploadedFile[] = [];
    const parser = busboy({
      headers: { 'content-type': contentType },
      // Browsers send file names as raw UTF-8 ('Declaración Año.pdf'); busboy's default reads latin1.
      defParamCharset: 'utf8',
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 10, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES },
    });
    let overLimit: MultipartLimitError | undefined;
    const limit = (field?: string) => {
      overLimit ??= new MultipartLimitError(field);
    };
    parser.on('fieldsLimit', () => limit());
    parser.on('filesLimit', () => limit());
    parser.on('partsLimit', () => limit());
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated || info.nameTruncated) limit(name);
      const existing = fields.get(name);
      fields.set(name, existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value]);
    });
    parser.on('file', (field, stream, info) => {
      const chunks: Buffer[] = [];
      const file: UploadedFile = {
        field,
        filename: info.filename ?? '',
        contentType: info.mimeType,
        data: Buffer.alloc(0),
        truncated: false,
      };
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        file.truncated = true;
      });
      stream.on('end', () => {
        file.data = Buffer.concat(chunks);
        files.push(file);
      });
    });
    parser.on('error', reject);
    // Object.fromEntries defines own data properties, so even `__proto__` stays an ordinary key.
    parser.on('close', () => (overLimit ? reject(overLimit) : resolve({ fields: Object.fromEntries(fields), files })));
    parser.end(body);
  });
}
