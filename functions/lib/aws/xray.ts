import { randomBytes } from 'node:crypto';
import { createSocket, type Socket } from 'node:dgram';

/**
 * Each AWS call of the light clients as an X-Ray subsegment of the function's segment, written to the Lambda X-Ray
 * daemon over UDP as the X-Ray SDK writes one, without the SDK (Powertools Tracer and aws-xray-sdk-core cost 136 KB of
 * a bundle). Named as the SDK names them (the service, `namespace: aws`, the operation in `aws.operation`), so the
 * service map and the trace timeline read alike. Only when Lambda says the invocation is sampled (`_X_AMZN_TRACE_ID`,
 * which the runtime sets per invocation) and where the daemon listens (AWS_XRAY_DAEMON_ADDRESS): the local stack and
 * the tests without them send nothing. A datagram that cannot be sent is dropped: tracing never fails a call.
 */

/** X-Ray's names of the services the light clients call (the SDK's service ids), by SigV4 signing name. */
const SERVICE_NAMES: Record<string, string> = {
  dynamodb: 'DynamoDB',
  s3: 'S3',
  ses: 'SESv2',
  sqs: 'SQS',
  'cognito-idp': 'CognitoIdentityProvider',
  secretsmanager: 'SecretsManager',
};

export interface TraceContext {
  root: string;
  parent: string;
}

/** The invocation's trace, when sampled: `Root=1-…;Parent=…;Sampled=1`. */
export function traceContext(header = process.env._X_AMZN_TRACE_ID): TraceContext | undefined {
  if (!header) return undefined;
  const fields = Object.fromEntries(
    header.split(';').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()];
    }),
  );
  if (fields.Sampled !== '1' || !fields.Root || !fields.Parent) return undefined;
  return { root: fields.Root, parent: fields.Parent };
}

/** The daemon's UDP address: `host:port`, or `udp:host:port tcp:host:port` as the SDKs also read it. */
export function daemonAddress(value = process.env.AWS_XRAY_DAEMON_ADDRESS): { host: string; port: number } | undefined {
  if (!value) return undefined;
  const udp = value.split(/\s+/).find((part) => part.startsWith('udp:')) ?? value.split(/\s+/)[0] ?? '';
  const match = /^(?:udp:)?([^:\s]+):(\d+)$/.exec(udp);
  return match ? { host: match[1] as string, port: Number(match[2]) } : undefined;
}

/** How one call ended: the last answer's status, whether it was throttled, the error's name (none when it succeeded). */
export interface CallOutcome {
  status?: number;
  throttled: boolean;
  errorName?: string;
  requestId?: string;
  attempts: number;
}

export interface AwsCallRecord extends CallOutcome {
  service: string;
  operation: string;
  region?: string;
  input: Readonly<Record<string, unknown>>;
  /** Epoch milliseconds. */
  startMs: number;
  endMs: number;
}

/** The subsegment document of one call. */
export function awsSubsegment(trace: TraceContext, call: AwsCallRecord, id = randomBytes(8).toString('hex')) {
  const status = call.status;
  // X-Ray's flags: throttle (429 or a throttling error), error (another 4xx), fault (5xx, or no answer at all).
  const failed = call.errorName !== undefined;
  const throttle = call.throttled;
  const fault = failed && !throttle && (status === undefined || status >= 500);
  const error = failed && !fault;
  const tableName = typeof call.input.TableName === 'string' ? call.input.TableName : undefined;
  const queueUrl = typeof call.input.QueueUrl === 'string' ? call.input.QueueUrl : undefined;
  const bucket = typeof call.input.Bucket === 'string' ? call.input.Bucket : undefined;
  return {
    type: 'subsegment',
    id,
    trace_id: trace.root,
    parent_id: trace.parent,
    name: SERVICE_NAMES[call.service] ?? call.service,
    namespace: 'aws',
    start_time: call.startMs / 1000,
    end_time: call.endMs / 1000,
    ...(error && { error: true }),
    ...(throttle && { error: true, throttle: true }),
    ...(fault && { fault: true }),
    ...(failed && {
      cause: { exceptions: [{ id: randomBytes(8).toString('hex'), type: call.errorName, remote: true }] },
    }),
    ...(status !== undefined && { http: { response: { status } } }),
    aws: {
      operation: call.operation,
      ...(call.region && { region: call.region }),
      ...(call.requestId && { request_id: call.requestId }),
      retries: Math.max(0, call.attempts - 1),
      ...(tableName && { table_name: tableName }),
      ...(queueUrl && { queue_url: queueUrl }),
      ...(bucket && { bucket_name: bucket }),
    },
  };
}

const HEADER = '{"format": "json", "version": 1}\n';
let socket: Socket | undefined;

/** Sends the call's subsegment when the invocation is sampled and a daemon listens; otherwise nothing. */
export function traceAwsCall(call: AwsCallRecord): void {
  const trace = traceContext();
  const daemon = trace && daemonAddress();
  if (!trace || !daemon) return;
  try {
    if (!socket) {
      socket = createSocket('udp4');
      // Neither keeps the process alive nor fails it: a datagram is fire-and-forget.
      socket.unref();
      socket.on('error', () => undefined);
    }
    socket.send(`${HEADER}${JSON.stringify(awsSubsegment(trace, call))}`, daemon.port, daemon.host, () => undefined);
  } catch {
    // Tracing never fails a call.
  }
}
