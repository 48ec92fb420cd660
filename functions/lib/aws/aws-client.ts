import { AwsV4Signer } from 'aws4fetch';

/**
 * The one way the functions call AWS (issue 9, "Lighter code on the wire"): an HTTP request signed with SigV4 by
 * aws4fetch and sent with the runtime's fetch, instead of an AWS SDK client (@smithy/core and the client's own
 * protocol code: 100 to 200 KB of a bundle each). Each service is a small spec (its signing name and endpoint) and a
 * few command classes that put their request on the wire and read the answer (dynamo-commands.ts,
 * cognito-commands.ts, ses-commands.ts, s3-commands.ts); this module holds what they share: credentials and endpoint
 * from the environment, signing, retries, SDK-shaped errors, and the one hook every call passes through.
 */

/** What the client sends: the command's request, before signing. */
export interface WireRequest {
  method: 'GET' | 'PUT' | 'POST' | 'DELETE' | 'HEAD';
  url: URL;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

export interface ResponseMetadata {
  httpStatusCode?: number;
  requestId?: string;
  attempts: number;
}

/** What every answer carries, as the SDK's outputs do. */
export interface MetadataBearer {
  $metadata: ResponseMetadata;
}

/** What the service answered: the body read whole (every answer the functions read is small). */
export interface WireAnswer {
  status: number;
  headers: Headers;
  body: Uint8Array;
  metadata: ResponseMetadata;
}

/** An error as the service words it: its short name, its message, and the answer's other fields. */
export interface ErrorParts {
  name: string;
  message: string;
  fields?: Record<string, unknown>;
}

/**
 * A call: its operation (as IAM names the action: 'GetItem', 'AdminCreateUser', 'PutObject'), the input as the caller
 * wrote it (what hooks see), how to put it on the wire and how to read a successful answer. Each command is a class
 * named `<Operation>Command`, as the SDK's: the permissions test reads those names from each bundle
 * (test/infra/handler-calls.ts), and one class per command lets a bundle leave out the calls it never makes.
 */
export interface AwsCommand<Output> {
  readonly operation: string;
  readonly input: object;
  /** Sent without credentials, as the SDK sends the calls a user's token authorizes (Cognito's RevokeToken). */
  readonly unsigned?: boolean;
  toRequest(endpoint: URL): WireRequest;
  fromAnswer(answer: WireAnswer): Output;
}

/** A service: how SigV4 names it, where it answers, and how it words its errors (its protocol). */
export interface AwsService {
  signingName: string;
  /** The suffix of its AWS_ENDPOINT_URL_<ID> variable, which the SDK also reads (the local stack sets them). */
  endpointId: string;
  endpoint(region: string): string;
  errorOf(answer: WireAnswer): ErrorParts;
}

/** Sees every call before it is sent: the operation and the command's input. Throw to refuse. */
export type SendHook = (operation: string, input: Readonly<Record<string, unknown>>) => void;

/** An error shaped as the SDK's: `name` is the exception's short name, the answer's other fields ride along. */
export class AwsError extends Error {
  readonly $metadata: ResponseMetadata;
  readonly $fault: 'client' | 'server';
  /** DynamoDB's TransactionCanceledException: one reason per item of the transaction, in order. */
  readonly CancellationReasons?: Array<{ Code?: string; Message?: string; Item?: Record<string, unknown> }>;

  constructor(name: string, message: string, metadata: ResponseMetadata, fields: Record<string, unknown> = {}) {
    super(message);
    Object.assign(this, fields);
    this.name = name;
    this.$metadata = metadata;
    this.$fault = (metadata.httpStatusCode ?? 500) >= 500 ? 'server' : 'client';
  }
}

/** The SDK's standard retry mode: 3 attempts, full-jitter exponential backoff, on throttling and transient errors. */
const MAX_ATTEMPTS = 3;
const BASE_DELAY_MS = 100;
const MAX_DELAY_MS = 20_000;
const RETRYABLE = new Set([
  'ThrottlingException',
  'Throttling',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'LimitExceededException',
  'TooManyRequestsException',
  'RequestThrottled',
  'RequestThrottledException',
  'SlowDown',
  'BandwidthLimitExceeded',
  'PriorRequestNotComplete',
  'InternalServerError',
  'InternalError',
  'ServiceUnavailable',
  'RequestTimeout',
  'RequestTimeoutException',
]);

/** Never a failed condition, a refused password or a missing object: those are answers, the caller decides. */
const isRetryable = (error: unknown): boolean =>
  error instanceof AwsError
    ? RETRYABLE.has(error.name) || error.$fault === 'server' || error.$metadata.httpStatusCode === 429
    : error instanceof TypeError; // fetch's network failure (connection reset, refused, DNS)

export interface AwsClientOptions {
  /** Injected by tests; the runtime's fetch otherwise. */
  fetch?: typeof fetch;
  /** Injected by tests; a full-jitter pause otherwise. */
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Region, credentials and endpoint, read at each call as the SDK's environment providers read them: Lambda and the
 * local stack set them before any call. The endpoint is AWS_ENDPOINT_URL_<ID>, else AWS_ENDPOINT_URL, else AWS's.
 */
export function environment(service: AwsService) {
  const env = process.env;
  const region = env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'us-east-1';
  return {
    region,
    endpoint: new URL(
      env[`AWS_ENDPOINT_URL_${service.endpointId}`] ?? env.AWS_ENDPOINT_URL ?? service.endpoint(region),
    ),
    accessKeyId: env.AWS_ACCESS_KEY_ID ?? '',
    secretAccessKey: env.AWS_SECRET_ACCESS_KEY ?? '',
    sessionToken: env.AWS_SESSION_TOKEN || undefined,
  };
}

/** The environment a presigned URL or form is signed with: it must hold credentials, as there is no call to refuse. */
export function presigningEnvironment(service: AwsService) {
  const env = environment(service);
  if (!env.accessKeyId || !env.secretAccessKey)
    throw new Error('No AWS credentials in the environment to presign with');
  return env;
}

/** SigV4 by aws4fetch, in the Authorization header or, for a presigned URL, in the query. */
const signer = (
  service: AwsService,
  env: ReturnType<typeof environment>,
  request: WireRequest,
  body: BodyInit,
  query?: { datetime?: string },
) =>
  new AwsV4Signer({
    method: request.method,
    url: request.url.toString(),
    headers: request.headers,
    body,
    accessKeyId: env.accessKeyId,
    secretAccessKey: env.secretAccessKey,
    sessionToken: env.sessionToken,
    service: service.signingName,
    region: env.region,
    ...(query && { signQuery: true, datetime: query.datetime }),
  });

/**
 * A URL that makes the command's request until it expires (S3's presigned GET): signed in the query, payload unsigned.
 * `signingDate` is for tests.
 */
export async function presign(
  service: AwsService,
  command: AwsCommand<unknown>,
  { expiresIn, signingDate, query = {} }: { expiresIn: number; signingDate?: Date; query?: Record<string, string> },
): Promise<string> {
  const env = presigningEnvironment(service);
  // Only the host is signed: whoever follows the link sends no other header.
  const request = { ...command.toRequest(env.endpoint), headers: {} };
  for (const [name, value] of Object.entries({ ...query, 'X-Amz-Expires': String(expiresIn) })) {
    request.url.searchParams.set(name, value);
  }
  const datetime = (signingDate ?? new Date()).toISOString().replace(/[:-]|\.\d{3}/g, '');
  const { url } = await signer(service, env, request, '', { datetime }).sign();
  // The query in name order, each part encoded as the SDK's presigner does (RFC 3986).
  const search = [...url.searchParams]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${rfc3986(name)}=${rfc3986(value)}`)
    .join('&');
  return `${url.origin}${url.pathname}?${search}`;
}

/** encodeURIComponent, and also !'()*: what AWS signs and the SDK writes. */
export const rfc3986 = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export class AwsClient {
  private readonly hooks = new Set<SendHook>();
  private readonly fetch: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(
    readonly service: AwsService,
    options: AwsClientOptions = {},
  ) {
    this.fetch = options.fetch ?? ((...args) => fetch(...args));
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  /** Adds a hook every call passes through (the local IAM emulation, call counters); returns its remover. */
  onSend(hook: SendHook): () => void {
    this.hooks.add(hook);
    return () => this.hooks.delete(hook);
  }

  async send<Output>(command: AwsCommand<Output>): Promise<Output> {
    for (const hook of this.hooks) hook(command.operation, command.input as Record<string, unknown>);
    for (let attempt = 1; ; attempt += 1) {
      try {
        return command.fromAnswer(await this.exchange(command, attempt));
      } catch (error) {
        if (attempt >= MAX_ATTEMPTS || !isRetryable(error)) throw error;
        await this.sleep(Math.random() * Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt));
      }
    }
  }

  /** One attempt: signed afresh (its date is part of the signature), sent, read whole; an error answer is thrown. */
  private async exchange(command: AwsCommand<unknown>, attempts: number): Promise<WireAnswer> {
    const env = environment(this.service);
    const request = command.toRequest(env.endpoint);
    const body = request.body as BodyInit | undefined;
    const { url, headers } = command.unsigned
      ? { url: request.url, headers: new Headers(request.headers) }
      : await signer(this.service, env, request, body ?? '').sign();
    const response = await this.fetch(url, { method: request.method, headers, body });
    const answer: WireAnswer = {
      status: response.status,
      headers: response.headers,
      body: new Uint8Array(await response.arrayBuffer()),
      metadata: {
        httpStatusCode: response.status,
        requestId: response.headers.get('x-amzn-requestid') ?? response.headers.get('x-amz-request-id') ?? undefined,
        attempts,
      },
    };
    if (response.ok) return answer;
    const { name, message, fields } = this.service.errorOf(answer);
    throw new AwsError(name, message, answer.metadata, fields);
  }
}

/** The JSON protocols carry binary values (DynamoDB's B, SES's attachments) as base64 strings. */
function binaryAsBase64(this: unknown, key: string, value: unknown): unknown {
  const raw = (this as Record<string, unknown>)[key];
  return raw instanceof Uint8Array ? Buffer.from(raw).toString('base64') : value;
}

/** A request body in the JSON protocols: binaries as base64. */
export const toJson = (value: unknown): string => JSON.stringify(value, binaryAsBase64);

/** An answer's JSON; an empty or non-JSON body (a proxy's error page) reads as no fields, the status tells the rest. */
export function readJson(body: Uint8Array): Record<string, unknown> {
  try {
    const text = new TextDecoder().decode(body);
    const parsed: unknown = text ? JSON.parse(text) : {};
    return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * An error of the JSON protocols (JSON 1.0 and 1.1, REST-JSON), read as the SDK reads it: the name from the
 * x-amzn-errortype header, else the body's `code`, else its `__type`, without a namespace ('...#Name') or a suffix
 * ('Name:http://...'); the message from `message` or `Message`; the body's other fields ride along.
 */
export function jsonError(answer: WireAnswer): ErrorParts {
  const { __type, code, message, Message, ...fields } = readJson(answer.body);
  const raw = answer.headers.get('x-amzn-errortype') ?? code ?? __type;
  const name = typeof raw === 'string' && raw ? (raw.split(':')[0] as string).split('#').pop() || raw : undefined;
  const shortName = name ?? `HTTP${answer.status}`;
  return { name: shortName, message: String(message ?? Message ?? shortName), fields };
}

/** The endpoint with a path under it (an endpoint may have a path of its own; the path is sent as it is given). */
export function under(endpoint: URL, path: string): URL {
  const url = new URL(endpoint.href);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  return url;
}

/** A JSON 1.0 / 1.1 call (DynamoDB, Cognito): a POST to the endpoint's root naming the operation in X-Amz-Target. */
export function jsonRpcRequest(endpoint: URL, version: '1.0' | '1.1', target: string, body: unknown): WireRequest {
  return {
    method: 'POST',
    url: endpoint,
    headers: { 'content-type': `application/x-amz-json-${version}`, 'x-amz-target': target },
    body: toJson(body),
  };
}
