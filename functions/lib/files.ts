import { randomUUID } from 'node:crypto';
import { s3 } from './aws/s3';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from './aws/s3-commands';
import { presignGetObject } from './aws/s3-presign';
import { config } from './config';
import { imageTypeOf, type UploadedFile } from './uploaded-file';

/** A fresh key for an image (so caches never serve an old one), with the extension of its checked type. */
export function imageKey(prefix: string, file: UploadedFile): string {
  const kind = imageTypeOf(file.data);
  if (!kind) throw new Error('imageKey called with an unchecked file');
  return `${prefix}/${file.field}-${randomUUID()}.${kind.ext}`;
}

/** Stores an image in the assets bucket under its key (image-writes.ts names it first in a clean-up marker). */
export async function putImage(key: string, file: UploadedFile): Promise<void> {
  const kind = imageTypeOf(file.data);
  if (!kind) throw new Error('putImage called with an unchecked file');
  await s3.send(
    new PutObjectCommand({
      Bucket: config.assetsBucket,
      Key: key,
      Body: file.data,
      ContentType: kind.type,
    }),
  );
}

export async function deleteAsset(key: string | null | undefined): Promise<void> {
  if (key) await s3.send(new DeleteObjectCommand({ Bucket: config.assetsBucket, Key: key }));
}

/**
 * A short-lived (15 min) presigned GET of an asset, or null when there is none. Signed without the S3 client, so
 * the many functions that only show avatars and logos do not carry it (aws/s3-presign.ts).
 */
export async function assetUrl(key: string | null | undefined): Promise<string | null> {
  if (!key) return null;
  return presignGetObject(new GetObjectCommand({ Bucket: config.assetsBucket, Key: key }), { expiresIn: 900 });
}
