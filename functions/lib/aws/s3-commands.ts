import { createHash } from 'node:crypto';
import {
  type AwsCommand,
  AwsError,
  type AwsService,
  type ErrorParts,
  type MetadataBearer,
  rfc3986,
  type WireAnswer,
  type WireRequest,
} from './aws-client';

/**
 * The S3 object calls the functions make, through `s3` (s3.ts): S3's REST protocol on the shared signed-fetch core
 * (aws-client.ts) instead of the SDK's client and its XML protocol (~125 KB with @smithy/core). Bodies are
 * sent whole with their SHA-256 signed, with no checksum header and no aws-chunked framing (which s3rver would store
 * inside the object, design/local-stack.md); answers are read whole (the largest, a ledger upload, is up to 150 MB
 * either way). GetObjectCommand is also what s3-presign.ts presigns.
 */
export const S3: AwsService = {
  signingName: 's3',
  endpointId: 'S3',
  endpoint: (region) => `https://s3.${region}.amazonaws.com`,
  errorOf: xmlError,
  // Bodies are read whole, a ledger upload up to 150 MB: an attempt may take longer than a JSON call's 5 s.
  attemptTimeoutMs: 60_000,
};

/** S3 words errors in XML (`<Error><Code>NoSuchKey</Code><Message>...`); a HEAD's has no body, its status tells. */
function xmlError({ status, body }: WireAnswer): ErrorParts {
  const text = new TextDecoder().decode(body);
  const field = (name: string) => {
    const value = new RegExp(`<${name}>([^<]*)</${name}>`).exec(text)?.[1];
    return value === undefined ? undefined : unescapeXml(value);
  };
  const name = field('Code') ?? ({ 400: 'BadRequest', 403: 'Forbidden', 404: 'NotFound' }[status] || `HTTP${status}`);
  const fields: Record<string, unknown> = {};
  for (const extra of ['BucketName', 'Key', 'RequestId', 'HostId']) {
    const value = field(extra);
    if (value !== undefined) fields[extra] = value;
  }
  return { name, message: field('Message') ?? name, fields };
}

const unescapeXml = (text: string) =>
  text.replace(/&(lt|gt|quot|apos|amp|#x?[0-9a-f]+);/gi, (entity, name: string) => {
    const named: Record<string, string> = { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' };
    if (name in named) return named[name] as string;
    const code = name.startsWith('#x') ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
    return Number.isFinite(code) ? String.fromCodePoint(code) : entity;
  });

/** An object, as the SDK's commands name it. */
export interface ObjectInput {
  Bucket: string;
  Key: string;
}

/**
 * Where the object lives, as the S3 client would address it: virtual-hosted on S3's own endpoints
 * (`<bucket>.s3.<region>.amazonaws.com`); path-style on any other (s3rver locally, under AWS_ENDPOINT_URL_S3), as the
 * SDK's forcePathStyle did. Decided by the endpoint, not by the local mode, so an answer computed as in AWS (tests'
 * `asInAws`) still reaches the local bucket. The key's segments are encoded once (RFC 3986), as S3 signs.
 */
export function objectUrl(endpoint: URL, { Bucket, Key }: ObjectInput): URL {
  const url = new URL(endpoint.href);
  const key = Key.split('/').map(rfc3986).join('/');
  const base = url.pathname.replace(/\/+$/, '');
  if (!/\.amazonaws\.com(\.cn)?$/.test(url.hostname)) {
    url.pathname = `${base}/${Bucket}/${key}`;
  } else {
    url.hostname = `${Bucket}.${url.hostname}`;
    url.pathname = `${base}/${key}`;
  }
  return url;
}

const sha256 = (body: string | Uint8Array) => createHash('sha256').update(body).digest('hex');

/** The SDK's output fields the functions read, from an answer's headers. */
function objectHeaders(headers: Headers) {
  const length = headers.get('content-length');
  const modified = headers.get('last-modified');
  return {
    ...(headers.get('content-type') && { ContentType: headers.get('content-type') as string }),
    ...(length !== null && { ContentLength: Number(length) }),
    ...(headers.get('etag') && { ETag: headers.get('etag') as string }),
    ...(modified && { LastModified: new Date(modified) }),
  };
}

abstract class ObjectRequest<Input extends ObjectInput, Output extends MetadataBearer> implements AwsCommand<Output> {
  abstract readonly operation: string;
  protected abstract readonly method: WireRequest['method'];
  constructor(readonly input: Input) {}
  /** The request's headers besides the payload's hash, and its body. */
  protected content(): { headers?: Record<string, string>; body?: string | Uint8Array } {
    return {};
  }
  /** The request's query parameters. */
  protected query(): Record<string, string> {
    return {};
  }
  toRequest(endpoint: URL): WireRequest {
    const { headers = {}, body } = this.content();
    const url = objectUrl(endpoint, this.input);
    for (const [name, value] of Object.entries(this.query())) url.searchParams.set(name, value);
    return {
      method: this.method,
      url,
      headers: { ...headers, 'x-amz-content-sha256': sha256(body ?? '') },
      ...(body !== undefined && { body }),
    };
  }
  abstract fromAnswer(answer: WireAnswer): Output;
}

export interface PutObjectInput extends ObjectInput {
  /** None for a presigned POST's (s3-presign.ts), whose body the browser sends. */
  Body?: string | Uint8Array;
  ContentType?: string;
  CacheControl?: string;
  ContentDisposition?: string;
}

export class PutObjectCommand extends ObjectRequest<PutObjectInput, MetadataBearer & { ETag?: string }> {
  readonly operation = 'PutObject';
  protected readonly method = 'PUT';
  protected override content() {
    const { Body, ContentType, CacheControl, ContentDisposition } = this.input;
    const headers: Record<string, string> = {};
    if (ContentType) headers['content-type'] = ContentType;
    if (CacheControl) headers['cache-control'] = CacheControl;
    if (ContentDisposition) headers['content-disposition'] = ContentDisposition;
    return { headers, body: Body ?? '' };
  }
  fromAnswer({ headers, metadata }: WireAnswer) {
    return { ...(headers.get('etag') && { ETag: headers.get('etag') as string }), $metadata: metadata };
  }
}

export class DeleteObjectCommand extends ObjectRequest<ObjectInput, MetadataBearer> {
  readonly operation = 'DeleteObject';
  protected readonly method = 'DELETE';
  fromAnswer({ metadata }: WireAnswer) {
    return { $metadata: metadata };
  }
}

/** The object's bytes, read whole, behind the SDK's `Body.transformToByteArray()` and `transformToString()`. */
export interface GetObjectOutput extends MetadataBearer, ReturnType<typeof objectHeaders> {
  Body: { transformToByteArray(): Promise<Uint8Array>; transformToString(encoding?: string): Promise<string> };
}

/**
 * A GET may ask S3 to answer with other headers (a presigned download's file name and type), or for some bytes only
 * (`Range: bytes=0-4095`, answered 206).
 */
export interface GetObjectInput extends ObjectInput {
  Range?: string;
  ResponseContentDisposition?: string;
  ResponseContentType?: string;
  ResponseCacheControl?: string;
}

export class GetObjectCommand extends ObjectRequest<GetObjectInput, GetObjectOutput> {
  readonly operation = 'GetObject';
  protected readonly method = 'GET';
  protected override content() {
    return this.input.Range ? { headers: { range: this.input.Range } } : {};
  }
  protected override query() {
    const { ResponseCacheControl, ResponseContentDisposition, ResponseContentType } = this.input;
    const query: Record<string, string> = {};
    if (ResponseCacheControl) query['response-cache-control'] = ResponseCacheControl;
    if (ResponseContentDisposition) query['response-content-disposition'] = ResponseContentDisposition;
    if (ResponseContentType) query['response-content-type'] = ResponseContentType;
    return query;
  }
  fromAnswer({ headers, body, metadata }: WireAnswer): GetObjectOutput {
    return {
      Body: {
        transformToByteArray: async () => body,
        transformToString: async (encoding = 'utf-8') => new TextDecoder(encoding).decode(body),
      },
      ...objectHeaders(headers),
      ContentLength: body.byteLength,
      $metadata: metadata,
    };
  }
}

/** The object's size and type without its bytes; a missing object is an error named NotFound (no body to say more). */
export class HeadObjectCommand extends ObjectRequest<ObjectInput, MetadataBearer & ReturnType<typeof objectHeaders>> {
  readonly operation = 'HeadObject';
  protected readonly method = 'HEAD';
  fromAnswer({ headers, metadata }: WireAnswer) {
    return { ...objectHeaders(headers), $metadata: metadata };
  }
}

export interface CopyObjectInput extends ObjectInput {
  /** `<bucket>/<key>`, the key URL-encoded, as the SDK takes it. */
  CopySource: string;
  ContentType?: string;
  MetadataDirective?: 'COPY' | 'REPLACE';
}

/** A copy within S3 (nothing passes through the function). */
export class CopyObjectCommand extends ObjectRequest<CopyObjectInput, MetadataBearer & { ETag?: string }> {
  readonly operation = 'CopyObject';
  protected readonly method = 'PUT';
  protected override content() {
    const { CopySource, ContentType, MetadataDirective } = this.input;
    const headers: Record<string, string> = { 'x-amz-copy-source': CopySource };
    if (ContentType) headers['content-type'] = ContentType;
    if (MetadataDirective) headers['x-amz-metadata-directive'] = MetadataDirective;
    return { headers };
  }
  fromAnswer(answer: WireAnswer) {
    // S3 may answer a copy that failed once under way with 200 and an <Error> body.
    const text = new TextDecoder().decode(answer.body);
    if (/<Error>/.test(text)) {
      const { name, message, fields } = xmlError({ ...answer, status: 500 });
      throw new AwsError(name, message, { ...answer.metadata, httpStatusCode: 500 }, fields);
    }
    const etag = /<ETag>([^<]*)<\/ETag>/.exec(text)?.[1];
    return { ...(etag !== undefined && { ETag: unescapeXml(etag) }), $metadata: answer.metadata };
  }
}
