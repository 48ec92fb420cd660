import { AwsV4Signer } from 'aws4fetch';

/**
 * A light DynamoDB client (issue 9, "Lighter code on the wire"): DynamoDB's JSON 1.0 protocol over fetch, signed with
 * aws4fetch, instead of the AWS SDK's client (~170 KB of every function's bundle). The commands it sends, with their
 * (un)marshalling, are in dynamo-commands.ts; the one shared instance is `dynamo` (dynamo.ts).
 */

/** What a command gives the client: the operation, the request body on the wire and how to read the answer. */
export interface WireCommand<Output> {
  readonly operation: string;
  /** The document-style input, as the caller wrote it (what onSend hooks see). */
  readonly input: object;
  toWire(): Record<string, unknown>;
  fromWire(body: Record<string, unknown>): Output;
}

/** Sees every call before it is sent: the operation ('GetItem', 'Query', ...) and the command's input. Throw to refuse. */
export type SendHook = (operation: string, input: Readonly<Record<string, unknown>>) => void;

export interface ResponseMetadata {
  httpStatusCode?: number;
  requestId?: string;
  attempts: number;
}

/** A DynamoDB error, shaped as the SDK's: `name` is the exception's short name, the answer's other fields ride along. */
export class DynamoError extends Error {
  readonly $metadata: ResponseMetadata;
  readonly $fault: 'client' | 'server';
  /** TransactionCanceledException: one reason per item of the transaction, in order (Code 'None' where it held). */
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
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'LimitExceededException',
  'TooManyRequestsException',
  'RequestThrottled',
  'RequestThrottledException',
  'InternalServerError',
  'ServiceUnavailable',
  'RequestTimeout',
  'RequestTimeoutException',
]);

/** Never a conditional failure nor a cancelled transaction: those are answers, the caller decides. */
const isRetryable = (error: unknown): boolean =>
  error instanceof DynamoError ? RETRYABLE.has(error.name) || error.$fault === 'server' : error instanceof TypeError; // fetch's network failure (connection reset, refused, DNS)

export interface DynamoClientOptions {
  /** Injected by tests; the runtime's fetch otherwise. */
  fetch?: typeof fetch;
  /** Injected by tests; a full-jitter pause otherwise. */
  sleep?: (ms: number) => Promise<void>;
}

export class DynamoClient {
  private readonly hooks = new Set<SendHook>();
  private readonly fetch: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(options: DynamoClientOptions = {}) {
    this.fetch = options.fetch ?? ((...args) => fetch(...args));
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  /** Adds a hook every call passes through (the local IAM emulation, call counters); returns its remover. */
  onSend(hook: SendHook): () => void {
    this.hooks.add(hook);
    return () => this.hooks.delete(hook);
  }

  async send<Output>(command: WireCommand<Output>): Promise<Output> {
    for (const hook of this.hooks) hook(command.operation, command.input as Record<string, unknown>);
    const body = JSON.stringify(command.toWire(), binaryAsBase64);
    for (let attempt = 1; ; attempt += 1) {
      try {
        const answer = await this.post(command.operation, body, attempt);
        return command.fromWire(answer);
      } catch (error) {
        if (attempt >= MAX_ATTEMPTS || !isRetryable(error)) throw error;
        await this.sleep(Math.random() * Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt));
      }
    }
  }

  private async post(operation: string, body: string, attempts: number): Promise<Record<string, unknown>> {
    // Read at each call, as the SDK's environment providers do: Lambda and the local stack set them before any call.
    const env = process.env;
    const region = env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'us-east-1';
    const signed = await new AwsV4Signer({
      method: 'POST',
      url: env.AWS_ENDPOINT_URL_DYNAMODB ?? `https://dynamodb.${region}.amazonaws.com`,
      headers: {
        'content-type': 'application/x-amz-json-1.0',
        'x-amz-target': `DynamoDB_20120810.${operation}`,
      },
      body,
      accessKeyId: env.AWS_ACCESS_KEY_ID ?? '',
      secretAccessKey: env.AWS_SECRET_ACCESS_KEY ?? '',
      sessionToken: env.AWS_SESSION_TOKEN || undefined,
      service: 'dynamodb',
      region,
    }).sign();
    const response = await this.fetch(signed.url, { method: 'POST', headers: signed.headers, body });
    const parsed = parseBody(await response.text());
    const metadata: ResponseMetadata = {
      httpStatusCode: response.status,
      requestId: response.headers.get('x-amzn-requestid') ?? undefined,
      attempts,
    };
    if (response.ok) return { ...parsed, $metadata: metadata };
    const { __type, message, Message, ...fields } = parsed;
    const name = String(__type ?? `HTTP${response.status}`)
      .split('#')
      .pop() as string;
    throw new DynamoError(name, String(message ?? Message ?? name), metadata, fields);
  }
}

/** DynamoDB's JSON protocol carries binary values (B, BS) as base64 strings. */
function binaryAsBase64(this: unknown, key: string, value: unknown): unknown {
  const raw = (this as Record<string, unknown>)[key];
  return raw instanceof Uint8Array ? Buffer.from(raw).toString('base64') : value;
}

/** The answer's JSON; an empty or non-JSON body (a proxy's error page) reads as no fields, the status tells the rest. */
function parseBody(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = text ? JSON.parse(text) : {};
    return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
