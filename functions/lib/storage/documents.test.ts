import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

/**
 * S3rver accepts any presigned POST (design/documents.md), so the limits S3 enforces are proved here, on the
 * policy the presigned POST carries: decoded from its base64 JSON, it must cap the size at 100 MB, pin the key to the
 * upload's prefix and the content type, and expire within minutes.
 */
beforeEach(() => {
  vi.stubEnv('DOCUMENTS_BUCKET', 'portal-documents-test');
  vi.stubEnv('AWS_REGION', 'us-east-1');
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIATESTTESTTESTTEST');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'test-secret');
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

interface Policy {
  expiration: string;
  conditions: Array<Record<string, string> | [string, string | number, string | number]>;
}

describe('presigned POST policy', () => {
  test('size range 1..100 MB, key prefix, content type, bucket, 10-minute expiry', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T12:00:00Z'), toFake: ['Date'] });
    const { presignDocumentUpload, uploadPrefix } = await import('./documents');
    const prefix = uploadPrefix('society-1', 'upload-1');
    const post = await presignDocumentUpload(prefix, 'application/pdf');
    expect(post.fields.key).toBe('uploads/society-1/upload-1/file');
    const policy = JSON.parse(Buffer.from(post.fields.Policy as string, 'base64').toString('utf8')) as Policy;
    expect(policy.expiration).toBe('2026-03-01T12:10:00Z');
    expect(policy.conditions).toContainEqual(['content-length-range', 1, 104_857_600]);
    expect(policy.conditions).toContainEqual(['starts-with', '$key', 'uploads/society-1/upload-1/']);
    expect(policy.conditions).toContainEqual(['eq', '$Content-Type', 'application/pdf']);
    expect(policy.conditions).toContainEqual({ bucket: 'portal-documents-test' });
    expect(policy.conditions).toContainEqual({ key: 'uploads/society-1/upload-1/file' });
    // Signed: the policy is what the signature covers, so none of the above can be edited by the browser.
    expect(post.fields['X-Amz-Signature']).toMatch(/^[0-9a-f]{64}$/);
    expect(post.fields['X-Amz-Algorithm']).toBe('AWS4-HMAC-SHA256');
  });
});

describe('Content-Disposition (RFC 6266)', () => {
  test('keeps ñ and accents in filename*, with an ASCII fallback', async () => {
    const { contentDisposition } = await import('./documents');
    expect(contentDisposition('attachment', 'Declaración Año 2024.pdf')).toBe(
      `attachment; filename="Declaracion Ano 2024.pdf"; filename*=UTF-8''Declaraci%C3%B3n%20A%C3%B1o%202024.pdf`,
    );
    expect(contentDisposition('inline', 'a"b\\c (1).pdf')).toBe(
      `inline; filename="a_b_c (1).pdf"; filename*=UTF-8''a%22b%5Cc%20%281%29.pdf`,
    );
  });
});
