/**
 * A file as a request brings it, and what its first bytes show, below both the HTTP layer that parses and checks
 * uploads (http/multipart.ts, http/uploads.ts) and the storage that keeps them (files.ts, storage/).
 */
export interface UploadedFile {
  field: string;
  filename: string;
  contentType: string;
  data: Buffer;
  /** True when the file went past the size limit (its data is then cut). */
  truncated: boolean;
}

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
