import { MAX_DOCUMENT_BYTES } from '../../../shared/contracts/documents';
import { s3 } from '../aws/s3';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
} from '../aws/s3-commands';
import { type PresignedPost, presignGetObject, presignPost } from '../aws/s3-presign';
import { config } from '../config';
import { SNIFF_BYTES, servedAs } from './content-type';

/**
 * The documents bucket (design/documents.md). Objects of documents live under `documents/<society>/<uuid>`;
 * direct uploads land under `uploads/<society>/<upload>/` first, and the confirm call copies them into place once
 * checked, so a never-confirmed upload is only ever under `uploads/` (which a lifecycle rule empties after a day).
 */
export const documentObjectKey = (society: string, documentUuid: string) => `documents/${society}/${documentUuid}`;
export const uploadPrefix = (society: string, upload: string) => `uploads/${society}/${upload}/`;
/**
 * A document request's template file (a form to fill, an example): kept once per project under the upload's uuid,
 * never rewritten, so every request that carries it (all the societies of a group's request, each period a template
 * makes) names the same object.
 */
export const requestFileObjectKey = (project: string, file: string) => `request-files/${project}/${file}`;

/** How long a presigned POST stays usable; the pending upload expires with it. */
export const UPLOAD_EXPIRY_SECONDS = 600;
/** A download link lives about a minute. */
export const DOWNLOAD_EXPIRY_SECONDS = 60;

export async function putDocumentObject(key: string, data: Buffer, contentType: string): Promise<void> {
  await s3.send(
    new PutObjectCommand({
      Bucket: config.documentsBucket,
      Key: key,
      Body: data,
      ContentType: contentType,
    }),
  );
}

export async function deleteDocumentObject(key: string): Promise<void> {
  await s3.send(new DeleteObjectCommand({ Bucket: config.documentsBucket, Key: key }));
}

/** The stored object's size and type, or undefined when there is none. */
export async function headDocumentObject(key: string): Promise<{ size: number; contentType: string } | undefined> {
  try {
    const head = await s3.send(new HeadObjectCommand({ Bucket: config.documentsBucket, Key: key }));
    return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? 'application/octet-stream' };
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404 || (error as Error).name === 'NotFound' || (error as Error).name === 'NoSuchKey')
      return undefined;
    throw error;
  }
}

/** The object's first bytes (a ranged GET), from which its type is decided (content-type.ts). */
export async function readDocumentHead(key: string, bytes = SNIFF_BYTES): Promise<Uint8Array> {
  const answer = await s3.send(
    new GetObjectCommand({ Bucket: config.documentsBucket, Key: key, Range: `bytes=0-${bytes - 1}` }),
  );
  return (await answer.Body.transformToByteArray()).subarray(0, bytes);
}

/** Copies an upload into place; the upload stays until the document that uses the copy exists (direct-upload.ts). */
export async function copyDocumentObject(from: string, to: string, contentType: string): Promise<void> {
  await s3.send(
    new CopyObjectCommand({
      Bucket: config.documentsBucket,
      Key: to,
      CopySource: `${config.documentsBucket}/${from.split('/').map(encodeURIComponent).join('/')}`,
      ContentType: contentType,
      MetadataDirective: 'REPLACE',
    }),
  );
}

/**
 * A presigned POST for one file (design/documents.md): S3 refuses a body outside 1..100 MB (`content-length-range`),
 * a key outside the upload's prefix, another content type, and any use after the expiry. s3rver checks none of these,
 * so test/unit documents-presigned-post.test.ts decodes the policy to prove them.
 */
export async function presignDocumentUpload(
  prefix: string,
  contentType: string,
  maxBytes = MAX_DOCUMENT_BYTES,
): Promise<PresignedPost> {
  return presignPost(
    new PutObjectCommand({ Bucket: config.documentsBucket, Key: `${prefix}file`, ContentType: contentType }),
    {
      Conditions: [
        ['content-length-range', 1, maxBytes],
        ['starts-with', '$key', prefix],
        ['eq', '$Content-Type', contentType],
      ],
      Expires: UPLOAD_EXPIRY_SECONDS,
    },
  );
}

/**
 * RFC 6266: a plain `filename` for old clients (ASCII, no quotes or backslashes) and `filename*` in UTF-8 with the
 * real name, so 'Declaración Año 2024.pdf' arrives with its ñ and accents.
 */
export function contentDisposition(type: 'inline' | 'attachment', fileName: string): string {
  const fallback = fileName
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * A one-minute presigned GET of a document with its name and disposition. What it is served as is decided here, for
 * every caller (a viewer's 'Ver' and 'Descargar', a share link), from the stored type and the name (content-type.ts):
 * only allow-listed types go out inline, anything else as an application/octet-stream attachment. S3 lets a presigned
 * GET set the answer's type, disposition and cache headers, but not X-Content-Type-Options.
 */
export async function documentDownloadUrl(
  key: string,
  fileName: string,
  type: 'inline' | 'attachment',
  storedType: string,
): Promise<string> {
  const served = servedAs(storedType, fileName, type);
  return presignGetObject(
    new GetObjectCommand({
      Bucket: config.documentsBucket,
      Key: key,
      ResponseContentDisposition: contentDisposition(served.disposition, fileName),
      ResponseContentType: served.contentType,
      ResponseCacheControl: 'private, max-age=60',
    }),
    { expiresIn: DOWNLOAD_EXPIRY_SECONDS },
  );
}
