import { createHash } from 'node:crypto';
import { config } from '../config';
import {
  type AwsCommand,
  type AwsService,
  type ErrorParts,
  type MetadataBearer,
  rfc3986,
  type WireAnswer,
  type WireRequest,
} from './aws-client';

/**
 * The S3 object calls the functions make, through `s3` (s3.ts): S3's REST protocol on the shared signed-fetch core
 * (aws-client.ts) instead of the SDK's client and its XML protocol (issue 9: ~125 KB with @smithy/core). Bodies are
 * sent whole with their SHA-256 signed, with no checksum header and no aws-chunked framing (which s3rver would store
 * inside the object, design/local-stack.md). GetObjectCommand is also what s3-presign.ts presigns.
 */
export const S3: AwsService = {
  signingName: 's3',
  endpointId: 'S3',
  endpoint: (region) => `https://s3.${region}.amazonaws.com`,
  errorOf: xmlError,
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
 * Where the object lives, as the S3 client would address it: virtual-hosted in AWS (`<bucket>.s3.<region>...`);
 * path-style under AWS_ENDPOINT_URL_S3 locally (s3rver). The key's segments are encoded once (RFC 3986), as S3 signs.
 */
export function objectUrl(endpoint: URL, { Bucket, Key }: ObjectInput): URL {
  const url = new URL(endpoint.href);
  const key = Key.split('/').map(rfc3986).join('/');
  const base = url.pathname.replace(/\/+$/, '');
  if (config.isLocal) {
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
  toRequest(endpoint: URL): WireRequest {
    const { headers = {}, body } = this.content();
    return {
      method: this.method,
      url: objectUrl(endpoint, this.input),
      headers: { ...headers, 'x-amz-content-sha256': sha256(body ?? '') },
      ...(body !== undefined && { body }),
    };
  }
  abstract fromAnswer(answer: WireAnswer): Output;
}

export interface PutObjectInput extends ObjectInput {
  Body: string | Uint8Array;
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
    return { headers, body: Body };
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

export class GetObjectCommand extends ObjectRequest<ObjectInput, GetObjectOutput> {
  readonly operation = 'GetObject';
  protected readonly method = 'GET';
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
