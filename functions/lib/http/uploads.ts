import type { UploadedFile } from './multipart';

/**
 * Checks of uploaded files, kept apart from storage (files.ts) so that validating a request never pulls the S3 client
 * into a handler that stores nothing.
 */
/** Image types accepted for logos, icons, images and avatars, recognised by their first bytes, not the client's word. */
const IMAGE_SIGNATURES: Array<{ type: string; ext: string; test: (b: Buffer) => boolean }> = [
  {
    type: 'image/png',
    ext: 'png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])),
  },
  { type: 'image/jpeg', ext: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/gif', ext: 'gif', test: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8' },
  {
    type: 'image/webp',
    ext: 'webp',
    test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

export function imageTypeOf(data: Buffer): { type: string; ext: string } | undefined {
  return IMAGE_SIGNATURES.find((s) => s.test(data));
}

/** Field codes for an upload that is not an accepted image or is too large; empty when it is fine. */
export function checkImage(file: UploadedFile): string[] {
  if (file.truncated) return ['ERROR_LENGTH'];
  if (file.data.length === 0 || !imageTypeOf(file.data)) return ['FORMAT_NOT_ALLOWED'];
  return [];
}

/** A CSV upload: within the size limit, and text (no NUL bytes). */
export function checkCsv(file: UploadedFile): string[] {
  if (file.truncated) return ['ERROR_LENGTH'];
  if (file.data.length === 0 || file.data.includes(0)) return ['FORMAT_NOT_ALLOWED'];
  return [];
}

/** A document of the small-file form: any type, not empty, within the form's size limit. */
export function checkDocument(file: UploadedFile): string[] {
  if (file.truncated) return ['ERROR_LENGTH'];
  if (file.data.length === 0) return ['FORMAT_NOT_ALLOWED'];
  return [];
}

/** A spreadsheet upload (ledger import): a CSV as above, or an XLSX (a zip: it starts with PK\3\4). */
export function checkSheet(file: UploadedFile): string[] {
  if (file.truncated) return ['ERROR_LENGTH'];
  const zip = file.data.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  return zip ? [] : checkCsv(file);
}
