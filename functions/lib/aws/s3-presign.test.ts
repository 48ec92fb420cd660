import { S3Client, GetObjectCommand as SdkGetObjectCommand } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GetObjectCommand, PutObjectCommand } from './s3-commands';
import { type PostCondition, presignGetObject, presignPost } from './s3-presign';

/** The light presigner must hand out the very URL the SDK's getSignedUrl gives with the S3 client. */
const signingDate = new Date('2026-03-01T12:00:00Z');
const input = { Bucket: 'portal-assets-bucket', Key: "users/4f0c/image-ab (1)!'*.png" };

function useEnvironment(env: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };

describe('presignGetObject', () => {
  it('matches getSignedUrl in AWS (virtual-hosted, session token)', async () => {
    useEnvironment({
      AWS_REGION: 'sa-east-1',
      AWS_ACCESS_KEY_ID: credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      AWS_SESSION_TOKEN: 'IQoJb3JpZ2luX2VjE+/token==',
      AWS_ENDPOINT_URL_S3: undefined,
      AWS_ENDPOINT_URL: undefined,
      PORTAL_LOCAL: undefined,
    });
    const client = new S3Client({
      region: 'sa-east-1',
      credentials: { ...credentials, sessionToken: 'IQoJb3JpZ2luX2VjE+/token==' },
    });
    const expected = await getSignedUrl(client, new SdkGetObjectCommand(input), { expiresIn: 900, signingDate });
    const url = await presignGetObject(new GetObjectCommand(input), { expiresIn: 900, signingDate });
    expect(url).toContain('https://portal-assets-bucket.s3.sa-east-1.amazonaws.com/');
    expect(url).toContain('X-Amz-Security-Token=');
    expect(url).toBe(expected);
  });

  it('matches getSignedUrl locally (path-style under the s3rver endpoint)', async () => {
    useEnvironment({
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      AWS_SESSION_TOKEN: undefined,
      AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:4569',
      PORTAL_LOCAL: '1',
    });
    const client = new S3Client({
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:4569',
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const expected = await getSignedUrl(client, new SdkGetObjectCommand(input), { expiresIn: 900, signingDate });
    const url = await presignGetObject(new GetObjectCommand(input), { expiresIn: 900, signingDate });
    expect(url.startsWith('http://127.0.0.1:4569/portal-assets-bucket/users/4f0c/')).toBe(true);
    expect(url).toBe(expected);
  });

  it('refuses to sign without credentials', async () => {
    useEnvironment({ AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: undefined, AWS_SECRET_ACCESS_KEY: undefined });
    await expect(presignGetObject(new GetObjectCommand(input), { expiresIn: 900 })).rejects.toThrow(/credentials/);
  });
});

describe('presignGetObject with response headers (a document download)', () => {
  it("matches getSignedUrl: the file's name and type and the cache header ride in the signed query", async () => {
    useEnvironment({
      AWS_REGION: 'sa-east-1',
      AWS_ACCESS_KEY_ID: credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      AWS_SESSION_TOKEN: undefined,
      AWS_ENDPOINT_URL_S3: undefined,
      AWS_ENDPOINT_URL: undefined,
      PORTAL_LOCAL: undefined,
    });
    const download = {
      Bucket: 'portal-documents',
      Key: 'documents/s-1/d-1',
      ResponseContentDisposition: `attachment; filename="Declaracion Ano 2024.pdf"; filename*=UTF-8''Declaraci%C3%B3n%20A%C3%B1o%202024.pdf`,
      ResponseContentType: 'application/pdf',
      ResponseCacheControl: 'private, max-age=60',
    };
    const client = new S3Client({ region: 'sa-east-1', credentials });
    const expected = await getSignedUrl(client, new SdkGetObjectCommand(download), { expiresIn: 60, signingDate });
    const url = await presignGetObject(new GetObjectCommand(download), { expiresIn: 60, signingDate });
    expect(url).toContain('response-content-disposition=attachment%3B%20filename%3D%22Declaracion');
    expect(url).toBe(expected);
  });
});

describe('presignPost', () => {
  const upload = {
    Bucket: 'portal-documents',
    Key: 'uploads/s-1/u-1/file',
    Conditions: [
      ['content-length-range', 1, 104_857_600],
      ['starts-with', '$key', 'uploads/s-1/u-1/'],
      ['eq', '$Content-Type', 'application/pdf'],
    ] as PostCondition[],
    Fields: { 'Content-Type': 'application/pdf' },
    Expires: 600,
  };
  const form = () => new PutObjectCommand({ Bucket: upload.Bucket, Key: upload.Key, ContentType: 'application/pdf' });

  it('gives the very form createPresignedPost gives in AWS (virtual-hosted, session token)', async () => {
    useEnvironment({
      AWS_REGION: 'sa-east-1',
      AWS_ACCESS_KEY_ID: credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      AWS_SESSION_TOKEN: 'IQoJb3JpZ2luX2VjE+/token==',
      AWS_ENDPOINT_URL_S3: undefined,
      AWS_ENDPOINT_URL: undefined,
      PORTAL_LOCAL: undefined,
    });
    vi.useFakeTimers({ now: signingDate, toFake: ['Date'] });
    const client = new S3Client({
      region: 'sa-east-1',
      credentials: { ...credentials, sessionToken: 'IQoJb3JpZ2luX2VjE+/token==' },
    });
    const expected = await createPresignedPost(client, upload as Parameters<typeof createPresignedPost>[1]);
    const post = await presignPost(form(), upload, signingDate);
    expect(post.url).toBe('https://portal-documents.s3.sa-east-1.amazonaws.com/');
    expect(post).toEqual(expected);
  });

  it('gives the very form createPresignedPost gives locally (path-style under the s3rver endpoint)', async () => {
    useEnvironment({
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      AWS_SESSION_TOKEN: undefined,
      AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:4569',
      PORTAL_LOCAL: '1',
    });
    vi.useFakeTimers({ now: signingDate, toFake: ['Date'] });
    const client = new S3Client({
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:4569',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const expected = await createPresignedPost(client, upload as Parameters<typeof createPresignedPost>[1]);
    expect(await presignPost(form(), upload, signingDate)).toEqual(expected);
  });
});
