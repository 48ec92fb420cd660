import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { AwsV4Signer } from 'aws4fetch';
import { traceAwsCall } from './xray';

/**
 * The one way the functions call AWS: an HTTP request signed with SigV4 by
 * aws4fetch and sent with the runtime's fetch, instead of an AWS SDK client (@smithy/core and the client's own
 * protocol code: 100 to 200 KB of a bundle each). Each service is a small spec (its signing name and endpoint) and a
 * few command classes that put their request on the wire and read the answer (dynamo-commands.ts,
 * cognito-commands.ts, ses-commands.ts, s3-commands.ts); this module holds what they share: credentials and endpoint
 * from the environment, signing on the service's clock, retries, time limits, SDK-shaped errors, and the one hook
 * every call passes through. It keeps the SDK's promises (docs/decisions/light-aws-clients.md; sdk-parity.test.ts).
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
  /** This attempt's answer moved the signing clock (the SDK's flag): a refused signature is then retried. */
  clockSkewCorrected?: boolean;
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
  /** The request of one attempt; `call` holds what every attempt of the call sends alike. */
  toRequest(endpoint: URL, call: Call): WireRequest;
  fromAnswer(answer: WireAnswer): Output;
}

/** A service: how SigV4 names it, where it answers, and how it words its errors (its protocol). */
export interface AwsService {
  signingName: string;
  /** The suffix of its AWS_ENDPOINT_URL_<ID> variable, which the SDK also reads (the local stack sets them). */
  endpointId: string;
  endpoint(region: string): string;
  errorOf(answer: WireAnswer): ErrorParts;
  /** Attempts per call, as the SDK's client of the service makes them (3 unless said). */
  maxAttempts?: number;
  /** The back-off's base for transient failures, as the SDK's client of the service has it (50 ms unless said). */
  baseDelayMs?: number;
  /** How long one attempt may wait for its whole answer (5 s unless said); the call's deadline bounds it too. */
  attemptTimeoutMs?: number;
}

/** Sees every call before it is sent: the operation and the command's input. Throw to refuse. */
export type SendHook = (operation: string, input: Readonly<Record<string, unknown>>) => void;

/** An error shaped as the SDK's: `name` is the exception's short name, the answer's other fields ride along. */
export class AwsError extends Error {
  readonly $metadata: ResponseMetadata;
  readonly $fault: 'client' | 'server';
  /** DynamoDB's TransactionCanceledException: one reason per item of the transaction, in order. */
  readonly CancellationReasons?: Array<{ Code?: string; Message?: string; Item?: Record<string, unknown> }>;

  /** The answer's headers (Retry-After), kept out of the error's enumerable fields. */
  declare readonly $headers?: Headers;

  constructor(
    name: string,
    message: string,
    metadata: ResponseMetadata,
    fields: Record<string, unknown> = {},
    headers?: Headers,
  ) {
    super(message);
    Object.assign(this, fields);
    this.name = name;
    this.$metadata = metadata;
    this.$fault = (metadata.httpStatusCode ?? 500) >= 500 ? 'server' : 'client';
    if (headers) Object.defineProperty(this, '$headers', { value: headers, enumerable: false });
  }
}

/**
 * The SDK's standard retry mode, as @smithy/core/retry decides it (sdk-parity.test.ts runs both side by side): throttling
 * and transient failures only; full-jitter exponential back-off from the service's base (1 s for throttling), at most
 * 20 s; at most the service's attempts; and a budget per client that failures spend and successes refill, so a client
 * facing a failing service stops multiplying its calls.
 */
const RETRY_CAPACITY = 500;
const TRANSIENT_COST = 14;
const THROTTLING_COST = 5;
const NO_RETRY_INCREMENT = 1;
const THROTTLING_BASE_MS = 1_000;
const MAX_DELAY_MS = 20_000;
/** The SDK's Retry-After rule: wait what the service asks, but at most 5 s more than the back-off would. */
const RETRY_AFTER_EXTRA_MS = 5_000;

const THROTTLING = new Set([
  'BandwidthLimitExceeded',
  'EC2ThrottledException',
  'LimitExceededException',
  'PriorRequestNotComplete',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'RequestThrottled',
  'RequestThrottledException',
  'SlowDown',
  'ThrottledException',
  'Throttling',
  'ThrottlingException',
  'TooManyRequestsException',
  'TransactionInProgressException',
]);
const TRANSIENT = new Set(['TimeoutError', 'RequestTimeout', 'RequestTimeoutException']);
const TRANSIENT_STATUSES = new Set([500, 502, 503, 504]);
/**
 * The socket failures the SDK's Node transport retries, and their names in Node's fetch (undici), which reports a
 * dropped connection as TypeError 'fetch failed' with the socket's error as its cause.
 */
const NETWORK_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CLOSED',
]);

export type RetryKind = 'THROTTLING' | 'TRANSIENT';

interface Classified {
  name?: string;
  message?: string;
  code?: string;
  cause?: unknown;
  $metadata?: Partial<ResponseMetadata>;
}

/**
 * Whether a failure is worth another attempt, and which kind, as the SDK classifies it. Never a failed condition, a
 * cancelled transaction, a refused password or a missing object: those are answers, the caller decides. An AbortError
 * (the caller gave up) is final.
 */
export function retryKind(error: unknown): RetryKind | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as Classified;
  if (e.$metadata?.httpStatusCode === 429 || THROTTLING.has(e.name ?? '')) return 'THROTTLING';
  return isTransient(e, 0) ? 'TRANSIENT' : undefined;
}

function isTransient(e: Classified, depth: number): boolean {
  if (e.name === 'AbortError') return false;
  return (
    e.$metadata?.clockSkewCorrected === true ||
    (e.name === 'InvalidSignatureException' && Boolean(e.message?.includes('Signature expired'))) ||
    TRANSIENT.has(e.name ?? '') ||
    NETWORK_CODES.has(e.code ?? '') ||
    TRANSIENT_STATUSES.has(e.$metadata?.httpStatusCode ?? 0) ||
    (typeof e.cause === 'object' && e.cause !== null && depth < 10 && isTransient(e.cause as Classified, depth + 1))
  );
}

/** A pause before retry number `retry` (0 for the first): full jitter over base × 2^retry, at most 20 s. */
export function backoffMs(kind: RetryKind, retry: number, baseMs: number): number {
  const base = kind === 'THROTTLING' ? THROTTLING_BASE_MS : baseMs;
  return Math.floor(Math.random() * Math.min(base * 2 ** retry, MAX_DELAY_MS));
}

/** When the service asked to be called again (Retry-After in seconds or as a date, or x-amz-retry-after in ms). */
function retryAfterMs(error: unknown): number | undefined {
  const headers = error instanceof AwsError ? error.$headers : undefined;
  const seconds = headers?.get('retry-after');
  if (seconds) {
    const wait = /^\d+(\.\d+)?$/.test(seconds) ? Number(seconds) * 1000 : Date.parse(seconds) - Date.now();
    return Number.isFinite(wait) ? wait : undefined;
  }
  const ms = Number(headers?.get('x-amz-retry-after') ?? Number.NaN);
  return Number.isFinite(ms) ? ms : undefined;
}

/**
 * How long a call may take. In a request, until shortly before the function's own time runs out (http-handler.ts
 * sets it from the Lambda context, as the workers do), so a slow service answers 503 rather than a timeout of the whole
 * function; outside any handler (scripts, tests) each call gets CALL_BUDGET_MS.
 */
const CALL_BUDGET_MS = 60_000;
/** What a request keeps for itself after its calls give up: answering the 503. */
export const ANSWER_RESERVE_MS = 500;
const deadlines = new AsyncLocalStorage<number>();

/** Runs `run` with its AWS calls bounded by `remainingMs` (the Lambda context's remaining time), less the reserve. */
export const withDeadline = <T>(remainingMs: number, run: () => Promise<T>): Promise<T> =>
  deadlines.run(Date.now() + remainingMs - ANSWER_RESERVE_MS, run);

/** withDeadline from a Lambda context, when there is one (a test may call a handler without). */
export const withLambdaDeadline = <T>(
  context: { getRemainingTimeInMillis?: () => number } | undefined,
  run: () => Promise<T>,
): Promise<T> => (context?.getRemainingTimeInMillis ? withDeadline(context.getRemainingTimeInMillis(), run) : run());

const deadlineOfCall = () => Math.min(deadlines.getStore() ?? Number.POSITIVE_INFINITY, Date.now() + CALL_BUDGET_MS);

/** How long a call made now may take (for the callers that pause between calls: a pause past it is pointless). */
export const callTimeLeftMs = () => deadlineOfCall() - Date.now();

/** The call did not get an answer within its attempt's time, or within the deadline of the request it serves. */
const timedOut = (service: AwsService, ms: number, attempts: number) =>
  new AwsError('TimeoutError', `No answer from ${service.signingName} within ${ms} ms`, { attempts });

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  expiration?: Date;
}
export type CredentialProvider = () => Promise<Credentials>;

/** As the SDK names a chain that found no credentials. */
export class CredentialsProviderError extends Error {
  override readonly name = 'CredentialsProviderError';
}

/**
 * Where credentials come from. In the functions, the environment only: Lambda puts its role's keys there, as the local
 * stack does. A maintenance script installs the SDK's own chain instead (local/shell-credentials.ts: environment,
 * AWS_PROFILE, SSO, credential_process, web identity, container or instance role, in the SDK's order), which the
 * functions never carry. Nothing found is an error before anything is sent, as the SDK's chain gives.
 */
let installedProvider: CredentialProvider | undefined;
let installedCredentials: Promise<Credentials> | undefined;

export function setCredentialProvider(provider: CredentialProvider | undefined): void {
  installedProvider = provider;
  installedCredentials = undefined;
}

/** Credentials that expire are fetched again 5 minutes before, as the SDK's memoized providers do. */
const REFRESH_BEFORE_MS = 5 * 60_000;

export async function credentials(): Promise<Credentials> {
  if (installedProvider) {
    const cached = installedCredentials && (await installedCredentials.catch(() => undefined));
    if (!cached || (cached.expiration && cached.expiration.getTime() - Date.now() < REFRESH_BEFORE_MS)) {
      installedCredentials = installedProvider();
    }
    return installedCredentials as Promise<Credentials>;
  }
  const env = process.env;
  if (env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY) {
    return {
      accessKeyId: env.AWS_ACCESS_KEY_ID,
      secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
      ...(env.AWS_SESSION_TOKEN && { sessionToken: env.AWS_SESSION_TOKEN }),
    };
  }
  throw new CredentialsProviderError(
    'No AWS credentials: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are not set (a script run from a shell signs as its profile through local/shell-credentials.ts)',
  );
}

export interface AwsClientOptions {
  /** Injected by tests; the runtime's fetch otherwise. */
  fetch?: typeof fetch;
  /** Injected by tests; a timer otherwise. */
  sleep?: (ms: number) => Promise<void>;
}

/** Region and endpoint, read at each call as the SDK's environment providers read them: AWS_ENDPOINT_URL_<ID>, else AWS_ENDPOINT_URL, else AWS's. */
export function environment(service: AwsService) {
  const env = process.env;
  const region = env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'us-east-1';
  return {
    region,
    endpoint: new URL(
      env[`AWS_ENDPOINT_URL_${service.endpointId}`] ?? env.AWS_ENDPOINT_URL ?? service.endpoint(region),
    ),
  };
}

/** The environment a presigned URL or form is signed with: it must hold credentials, as there is no call to refuse. */
export function presigningEnvironment(service: AwsService) {
  const env = process.env;
  if (!env.AWS_ACCESS_KEY_ID || !env.AWS_SECRET_ACCESS_KEY)
    throw new CredentialsProviderError('No AWS credentials in the environment to presign with');
  return {
    ...environment(service),
    accessKeyId: env.AWS_ACCESS_KEY_ID,
    secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
    sessionToken: env.AWS_SESSION_TOKEN || undefined,
  };
}

/** SigV4 by aws4fetch, in the Authorization header or, for a presigned URL, in the query. */
const signer = (
  service: AwsService,
  env: ReturnType<typeof environment> & Credentials,
  request: WireRequest,
  body: BodyInit,
  options: { datetime: string; signQuery?: boolean },
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
    datetime: options.datetime,
    ...(options.signQuery && { signQuery: true }),
  });

/** `20261123T140500Z`: SigV4's date. */
const amzDate = (date: Date) => date.toISOString().replace(/[:-]|\.\d{3}/g, '');

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
  const request = { ...command.toRequest(env.endpoint, NO_CALL), headers: {} };
  for (const [name, value] of Object.entries({ ...query, 'X-Amz-Expires': String(expiresIn) })) {
    request.url.searchParams.set(name, value);
  }
  const datetime = amzDate(signingDate ?? new Date());
  const { url } = await signer(service, env, request, '', { datetime, signQuery: true }).sign();
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

/** What one call (all its attempts) shares. */
export interface Call {
  /** Sent by the commands that take one (DynamoDB's TransactWriteItems), the same on every attempt of the call. */
  idempotencyToken: string;
}
const NO_CALL: Call = { idempotencyToken: '' };

/**
 * One attempt as the local fault injector sees it (local/faults.ts): `send` puts it on the wire, `expire` fires its
 * AbortSignal as its time limit would. The injector answers with `send()`'s response or with a failure of its own,
 * before sending or after the service applied the request (the answer lost).
 */
export interface InjectableAttempt {
  service: string;
  operation: string;
  attempt: number;
  send: () => Promise<Response>;
  expire: () => void;
}
export type AttemptInjector = (attempt: InjectableAttempt) => Promise<Response>;

/**
 * Local only. Every Lambda bundle defines process.env.PORTAL_FAULT_INJECTION as empty (infra/bundling.ts), so the
 * branch that calls the injector, and with it this slot, are dead code there and left out
 * (test/infra/bundling.test.ts); the local portal and the tests set the variable (local/faults.ts).
 */
let attemptInjector: AttemptInjector | undefined;

export function injectAttemptFaults(injector: AttemptInjector | undefined): void {
  if (injector && !process.env.PORTAL_FAULT_INJECTION)
    throw new Error('Fault injection is local only: PORTAL_FAULT_INJECTION is not set');
  attemptInjector = injector;
}

/** The SDK's clock-skew rules: an answer's Date moves the signing clock; a skew of 4 minutes or more makes a refusal retryable. */
const SKEW_RETRY_MS = 240_000;
const STALE_ANSWER_MS = 900_000;

export class AwsClient {
  private readonly hooks = new Set<SendHook>();
  private readonly fetch: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;
  private retryCapacity = RETRY_CAPACITY;
  /** The service's clock less ours, learnt from its answers' Date (the SDK's systemClockOffset). */
  private clockOffsetMs = 0;

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
    const startMs = Date.now();
    let attempts = 0;
    try {
      const { output, metadata } = await this.attempts(command, (n) => {
        attempts = n;
      });
      this.trace(command, startMs, attempts, undefined, metadata);
      return output;
    } catch (error) {
      this.trace(command, startMs, attempts, error, (error as Partial<AwsError>)?.$metadata);
      throw error;
    }
  }

  /** The call's X-Ray subsegment (xray.ts): nothing unless the invocation is sampled. */
  private trace(
    command: AwsCommand<unknown>,
    startMs: number,
    attempts: number,
    error: unknown,
    metadata: ResponseMetadata | undefined,
  ): void {
    traceAwsCall({
      service: this.service.signingName,
      operation: command.operation,
      region: process.env.AWS_REGION,
      input: command.input as Record<string, unknown>,
      startMs,
      endMs: Date.now(),
      attempts,
      status: metadata?.httpStatusCode,
      requestId: metadata?.requestId,
      throttled: error !== undefined && retryKind(error) === 'THROTTLING',
      errorName: error === undefined ? undefined : ((error as { name?: string })?.name ?? 'Error'),
    });
  }

  /** The call's attempts, with retries; answers the output and its answer's metadata (for the subsegment). */
  private async attempts<Output>(
    command: AwsCommand<Output>,
    onAttempt: (attempt: number) => void,
  ): Promise<{ output: Output; metadata: ResponseMetadata }> {
    const call: Call = { idempotencyToken: randomUUID() };
    const deadline = deadlineOfCall();
    const maxAttempts = this.service.maxAttempts ?? 3;
    let retryCost: number | undefined;
    for (let attempt = 1; ; attempt += 1) {
      onAttempt(attempt);
      try {
        const wire = await this.exchange(command, call, attempt, deadline);
        const output = command.fromAnswer(wire);
        this.retryCapacity = Math.min(RETRY_CAPACITY, this.retryCapacity + (retryCost ?? NO_RETRY_INCREMENT));
        return { output, metadata: wire.metadata };
      } catch (error) {
        const kind = retryKind(error);
        const cost = kind === 'THROTTLING' ? THROTTLING_COST : TRANSIENT_COST;
        if (!kind || attempt >= maxAttempts || this.retryCapacity < cost) throw error;
        const backoff = backoffMs(kind, attempt - 1, this.service.baseDelayMs ?? 50);
        const asked = retryAfterMs(error);
        const delay =
          asked === undefined ? backoff : Math.max(backoff, Math.min(asked, backoff + RETRY_AFTER_EXTRA_MS));
        // No time left for another attempt within the request: give up now, with what the service last said.
        if (Date.now() + delay >= deadline) throw error;
        this.retryCapacity -= cost;
        retryCost = cost;
        await this.sleep(delay);
      }
    }
  }

  /**
   * One attempt: signed afresh (its date is part of the signature) on the service's clock, sent, read whole within
   * the attempt's time and the call's deadline; an error answer is thrown.
   */
  private async exchange(command: AwsCommand<unknown>, call: Call, attempts: number, deadline: number) {
    const env = environment(this.service);
    const request = command.toRequest(env.endpoint, call);
    const body = request.body as BodyInit | undefined;
    const offsetBefore = this.clockOffsetMs;
    const { url, headers } = command.unsigned
      ? { url: request.url, headers: new Headers(request.headers) }
      : await signer(this.service, { ...env, ...(await credentials()) }, request, body ?? '', {
          datetime: amzDate(new Date(Date.now() + offsetBefore)),
        }).sign();
    const limit = Math.min(this.service.attemptTimeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS, deadline - Date.now());
    if (limit <= 0) throw timedOut(this.service, 0, attempts);
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), limit);
    const sentAt = Date.now();
    let response: Response;
    let bytes: ArrayBuffer;
    const send = () => this.fetch(url, { method: request.method, headers, body, signal: abort.signal });
    try {
      response = await (process.env.PORTAL_FAULT_INJECTION && attemptInjector
        ? attemptInjector({
            service: this.service.signingName,
            operation: command.operation,
            attempt: attempts,
            send,
            expire: () => abort.abort(),
          })
        : send());
      bytes = await response.arrayBuffer();
    } catch (error) {
      if (abort.signal.aborted) throw timedOut(this.service, limit, attempts);
      throw error;
    } finally {
      clearTimeout(timer);
    }
    const clockSkewCorrected = this.learnClock(response.headers, sentAt, offsetBefore);
    const answer: WireAnswer = {
      status: response.status,
      headers: response.headers,
      body: new Uint8Array(bytes),
      metadata: {
        httpStatusCode: response.status,
        requestId: response.headers.get('x-amzn-requestid') ?? response.headers.get('x-amz-request-id') ?? undefined,
        attempts,
      },
    };
    if (response.ok) return answer;
    const { name, message, fields } = this.service.errorOf(answer);
    const metadata = clockSkewCorrected ? { ...answer.metadata, clockSkewCorrected } : answer.metadata;
    throw new AwsError(name, message, metadata, fields, response.headers);
  }

  /**
   * The service's clock, from an answer's Date (unless a cache answered: Age), as the SDK samples it. True when it
   * moved by 4 minutes or more: a refusal of this attempt's signature is then worth another attempt.
   */
  private learnClock(headers: Headers, sentAt: number, offsetBefore: number): boolean {
    const date = headers.get('date');
    if (!date || headers.has('age') || Date.now() - sentAt > STALE_ANSWER_MS) return false;
    const serverTime = Date.parse(date);
    if (Number.isNaN(serverTime)) return false;
    this.clockOffsetMs = serverTime - Date.now();
    return Math.abs(this.clockOffsetMs) >= SKEW_RETRY_MS && this.clockOffsetMs !== offsetBefore;
  }
}

/** How long one attempt may wait for its whole answer, unless the service says otherwise. */
const DEFAULT_ATTEMPT_TIMEOUT_MS = 5_000;

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
