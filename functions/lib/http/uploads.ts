import { imageTypeOf, type UploadedFile } from '../uploaded-file';

/**
 * Checks of uploaded files, kept apart from storage (files.ts) so that validating a request never pulls the S3 client
 * into a handler that stores nothing.
 */

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
