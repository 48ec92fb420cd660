import { randomUUID } from 'node:crypto';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { s3 } from './aws/s3';
import { config } from './config';
import type { UploadedFile } from './http/multipart';
import { imageTypeOf } from './http/uploads';

/** Stores an image in the assets bucket under a fresh key (so caches never serve an old one) and returns the key. */
export async function storeImage(prefix: string, file: UploadedFile): Promise<string> {
  const kind = imageTypeOf(file.data);
  if (!kind) throw new Error('storeImage called with an unchecked file');
  const key = `${prefix}/${file.field}-${randomUUID()}.${kind.ext}`;
  await s3.send(
    new PutObjectCommand({
      Bucket: config.assetsBucket,
      Key: key,
      Body: file.data,
      ContentType: kind.type,
      ContentLength: file.data.length,
    }),
  );
  return key;
}

export async function deleteAsset(key: string | null | undefined): Promise<void> {
  if (key) await s3.send(new DeleteObjectCommand({ Bucket: config.assetsBucket, Key: key }));
}

/** A short-lived (15 min) presigned GET of an asset, or null when there is none. */
export async function assetUrl(key: string | null | undefined): Promise<string | null> {
  if (!key) return null;
  return getSignedUrl(s3, new GetObjectCommand({ Bucket: config.assetsBucket, Key: key }), { expiresIn: 900 });
}
