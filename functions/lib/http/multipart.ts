import busboy from 'busboy';

export interface UploadedFile {
  field: string;
  filename: string;
  contentType: string;
  data: Buffer;
  /** True when the file went past the size limit (its data is then cut). */
  truncated: boolean;
}

export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;

/**
 * Parses a multipart/form-data body (API Gateway hands it base64-encoded) into text fields and files. A repeated field
 * becomes a list, which is how forms send uuid lists.
 */
export function parseMultipart(
  body: Buffer,
  contentType: string,
): Promise<{ fields: Record<string, string | string[]>; files: UploadedFile[] }> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string | string[]> = {};
    const files: UploadedFile[] = [];
    const parser = busboy({
      headers: { 'content-type': contentType },
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 10, fields: 200, fieldSize: 100_000 },
    });
    parser.on('field', (name, value) => {
      const existing = fields[name];
      fields[name] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
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
    parser.on('close', () => resolve({ fields, files }));
    parser.end(body);
  });
}
