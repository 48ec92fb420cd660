import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { S3RequestPresigner } from '@aws-sdk/s3-request-presigner';
import { config } from '../config';

/**
 * Presigned S3 GET URLs without the S3 client (issue 9, "lighter code on the wire"): the client and its XML protocol
 * weigh about 125 KB in a bundle, and most functions that touch S3 only hand out avatar and logo links. The SDK's own
 * presigner signs the request (SigV4, unsigned payload), exactly as getSignedUrl does with the client;
 * s3-presign.test.ts compares the two URLs.
 */

/**
 * The object a URL grants reading. Named like the SDK command it stands for, so the permissions test
 * (test/infra/handler-calls.ts reads `<Name>Command` classes from each bundle) sees the GetObject a handler can make.
 */
export class GetObjectCommand {
  constructor(readonly input: { Bucket: string; Key: string }) {}
}

type Data = string | ArrayBuffer | ArrayBufferView;

const bytes = (data: Data): Buffer =>
  typeof data === 'string'
    ? Buffer.from(data, 'utf8')
    : ArrayBuffer.isView(data)
      ? Buffer.from(data.buffer, data.byteOffset, data.byteLength)
      : Buffer.from(data);

/** SHA-256, or HMAC-SHA256 when given a key, on node:crypto: the checksum shape the SigV4 signer takes. */
class Sha256 {
  private readonly hash: Hash | Hmac;

  constructor(secret?: Data) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytes(secret));
  }

  update(data: Data): void {
    this.hash.update(bytes(data));
  }

  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
}

/** Lambda and the local stack pass credentials in the environment (infra/bundling.ts). */
async function environmentCredentials() {
  const accessKeyId = process.env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = process.env.AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) throw new Error('No AWS credentials in the environment to presign with');
  const sessionToken = process.env.AWS_SESSION_TOKEN;
  return { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) };
}

/** An S3 key as a URL path: each segment encoded once (RFC 3986), which is what S3 signs. */
const encodeKey = (key: string) =>
  key
    .split('/')
    .map((segment) =>
      encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
    )
    .join('/');

/**
 * Where the object lives, as the S3 client would address it: virtual-hosted in AWS; path-style under
 * AWS_ENDPOINT_URL_S3 locally (s3rver, see aws/s3.ts).
 */
function objectLocation(region: string, { Bucket, Key }: GetObjectCommand['input']) {
  const endpoint = new URL(
    process.env.AWS_ENDPOINT_URL_S3 ?? process.env.AWS_ENDPOINT_URL ?? `https://s3.${region}.amazonaws.com`,
  );
  const pathStyle = config.isLocal;
  const hostname = pathStyle ? endpoint.hostname : `${Bucket}.${endpoint.hostname}`;
  const port = endpoint.port ? Number(endpoint.port) : undefined;
  return {
    protocol: endpoint.protocol,
    hostname,
    port,
    path: `${pathStyle ? `/${Bucket}` : ''}/${encodeKey(Key)}`,
  };
}

/** A URL that reads the object until it expires. `signingDate` is for tests. */
export async function presignGetObject(
  command: GetObjectCommand,
  { expiresIn, signingDate }: { expiresIn: number; signingDate?: Date },
): Promise<string> {
  const region = process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION;
  if (!region) throw new Error('AWS_REGION is not set');
  const presigner = new S3RequestPresigner({ region, credentials: environmentCredentials, sha256: Sha256 });
  const location = objectLocation(region, command.input);
  const host = `${location.hostname}${location.port === undefined ? '' : `:${location.port}`}`;
  // What the client adds to a GetObject: the operation's name and, in AWS (aws/s3.ts keeps the SDK's default
  // checksum validation there), the checksum mode.
  const query: Record<string, string> = { 'x-id': 'GetObject' };
  if (!config.isLocal) query['x-amz-checksum-mode'] = 'ENABLED';
  const signed = await presigner.presign(
    { method: 'GET', ...location, query, headers: { host } },
    { expiresIn, ...(signingDate ? { signingDate } : {}) },
  );
  const search = Object.entries(signed.query ?? {})
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((v) => [name, v ?? ''] as const))
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
  return `${location.protocol}//${host}${location.path}?${search}`;
}
