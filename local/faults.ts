import { AsyncLocalStorage } from 'node:async_hooks';
import type { AttemptInjector, InjectableAttempt } from '../functions/lib/aws/aws-client';

/**
 * The local fault switch: DynamoDB, S3, Cognito, SES and SQS answer some attempts of the functions' light clients
 * (functions/lib/aws/aws-client.ts) with throttling, a 5xx, a timeout or a dropped connection, each either before the
 * request is sent or after the service applied it (the answer lost, which is when idempotency tokens matter). Every
 * attempt of a call is a new draw, so a retry can fail again.
 *
 * On only where PORTAL_FAULT_INJECTION is set (the test portal, or `PORTAL_FAULT_INJECTION=on npm start`); the Lambda
 * bundles define it empty, so none carries the injector's branch. Its value is `on` (only requests that carry a plan
 * are faulted) or a plan applied to every request through the gateway. A request carries its own plan in the
 * FAULT_PLAN_HEADER, and the gateway answers with what was injected in FAULTS_INJECTED_HEADER. Each plan draws from
 * its own seeded generator, so a request sent with the same plan meets the same faults.
 */
export const FAULT_SWITCH = 'PORTAL_FAULT_INJECTION';
export const FAULT_PLAN_HEADER = 'x-portal-fault-plan';
export const FAULTS_INJECTED_HEADER = 'x-portal-faults-injected';

export const FAULT_KINDS = ['throttle', '5xx', 'timeout', 'drop'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];
export const FAULT_MOMENTS = ['before', 'after'] as const;
export type FaultMoment = (typeof FAULT_MOMENTS)[number];

export interface FaultPlan {
  seed: number;
  /** The share of attempts that fail, 0 to 1. */
  rate: number;
  kinds: readonly FaultKind[];
  when: readonly FaultMoment[];
  /** Signing names (dynamodb, s3, cognito-idp, ses, sqs); all when empty. */
  services: readonly string[];
  /** Operations as IAM names them (TransactWriteItems, PutObject); all when empty. */
  operations: readonly string[];
  /** Which attempts of a call may fail (1: the first only, so its retry meets the service); all when empty. */
  attempts: readonly number[];
}

/**
 * `seed=7;rate=0.2;kinds=throttle,drop;when=after;services=dynamodb;operations=TransactWriteItems;attempts=1`: a field
 * omitted is all of its values.
 */
export function parsePlan(text: string): FaultPlan {
  const fields = new Map(
    text
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, value = ''] = part.split('=');
        return [name?.trim() ?? '', value.trim()] as const;
      }),
  );
  for (const name of fields.keys()) {
    if (!['seed', 'rate', 'kinds', 'when', 'services', 'operations', 'attempts'].includes(name))
      throw new Error(`Unknown fault plan field '${name}' in '${text}'`);
  }
  const list = (name: string) => (fields.get(name) ? (fields.get(name) as string).split(',').map((v) => v.trim()) : []);
  const rate = Number(fields.get('rate') ?? '0.05');
  const seed = Number(fields.get('seed') ?? '1');
  if (!(rate >= 0 && rate <= 1)) throw new Error(`Fault rate must be between 0 and 1: '${text}'`);
  if (!Number.isSafeInteger(seed)) throw new Error(`Fault seed must be a whole number: '${text}'`);
  const kinds = list('kinds');
  const when = list('when');
  const attempts = list('attempts').map(Number);
  for (const attempt of attempts)
    if (!(Number.isSafeInteger(attempt) && attempt >= 1)) throw new Error(`Attempts are counted from 1: '${text}'`);
  for (const kind of kinds)
    if (!(FAULT_KINDS as readonly string[]).includes(kind)) throw new Error(`No fault '${kind}'`);
  for (const moment of when)
    if (!(FAULT_MOMENTS as readonly string[]).includes(moment)) throw new Error(`No moment '${moment}'`);
  return {
    seed,
    rate,
    kinds: kinds.length ? (kinds as FaultKind[]) : FAULT_KINDS,
    when: when.length ? (when as FaultMoment[]) : FAULT_MOMENTS,
    services: list('services'),
    operations: list('operations'),
    attempts,
  };
}

export function formatPlan(plan: Partial<FaultPlan> & Pick<FaultPlan, 'seed' | 'rate'>): string {
  return [
    `seed=${plan.seed}`,
    `rate=${plan.rate}`,
    ...(plan.kinds?.length ? [`kinds=${plan.kinds.join(',')}`] : []),
    ...(plan.when?.length ? [`when=${plan.when.join(',')}`] : []),
    ...(plan.services?.length ? [`services=${plan.services.join(',')}`] : []),
    ...(plan.operations?.length ? [`operations=${plan.operations.join(',')}`] : []),
    ...(plan.attempts?.length ? [`attempts=${plan.attempts.join(',')}`] : []),
  ].join(';');
}

/** mulberry32: a small seeded generator, so a plan's faults are the same on every run. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** One injected fault: `dynamodb.TransactWriteItems#2:throttle@after` (service, operation, attempt, kind, moment). */
export interface InjectedFault {
  service: string;
  operation: string;
  attempt: number;
  kind: FaultKind;
  when: FaultMoment;
}
export const describeFault = (f: InjectedFault) => `${f.service}.${f.operation}#${f.attempt}:${f.kind}@${f.when}`;

/**
 * A plan in force: its generator and what it injected, kept one by one for a request's own plan and only counted
 * (by service, operation, kind and moment) for the portal-wide one, which a soak runs for many minutes.
 */
export interface FaultScope {
  plan: FaultPlan;
  random: () => number;
  injected?: InjectedFault[];
  counts: Map<string, number>;
}

export const scopeOf = (plan: FaultPlan, keep = true): FaultScope => ({
  plan,
  random: generator(plan.seed),
  ...(keep && { injected: [] }),
  counts: new Map(),
});

function record(scope: FaultScope, fault: InjectedFault): void {
  scope.injected?.push(fault);
  const key = `${fault.service}.${fault.operation}:${fault.kind}@${fault.when}`;
  scope.counts.set(key, (scope.counts.get(key) ?? 0) + 1);
}

/**
 * The failure each service answers, in its own protocol, as AWS words it: throttling (DynamoDB's on-demand
 * ThrottlingException, S3's 503 SlowDown, Cognito's and SES's TooManyRequestsException, SQS's RequestThrottled) and
 * an internal error.
 */
function failureAnswer(service: string, kind: 'throttle' | '5xx'): Response {
  const json = (status: number, type: string, message: string, version = '1.0') =>
    new Response(JSON.stringify({ __type: type, message }), {
      status,
      headers: { 'content-type': `application/x-amz-json-${version}`, 'x-amzn-errortype': type.split('#').pop() ?? '' },
    });
  const throttle = kind === 'throttle';
  switch (service) {
    case 'dynamodb':
      return throttle
        ? json(
            400,
            'com.amazonaws.dynamodb.v20120810#ThrottlingException',
            'Rate of requests exceeds the allowed throughput.',
          )
        : json(500, 'com.amazonaws.dynamodb.v20120810#InternalServerError', 'Internal server error');
    case 's3': {
      const [status, code, message] = throttle
        ? [503, 'SlowDown', 'Please reduce your request rate.']
        : [500, 'InternalError', 'We encountered an internal error. Please try again.'];
      return new Response(
        `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`,
        { status, headers: { 'content-type': 'application/xml' } },
      );
    }
    case 'cognito-idp':
      return throttle
        ? json(400, 'TooManyRequestsException', 'Too many requests', '1.1')
        : json(500, 'InternalErrorException', 'Internal error', '1.1');
    case 'ses':
      return throttle
        ? json(429, 'TooManyRequestsException', 'Too many requests')
        : json(500, 'InternalServiceErrorException', 'Internal service error');
    default:
      return throttle
        ? json(400, 'RequestThrottled', 'Request throttled')
        : json(500, 'InternalError', 'Internal error');
  }
}

/** undici's code for a socket the peer closed (a socket's code, not one the API answers). */
const SOCKET_CLOSED = 'UND_ERR_SOCKET';

/** As undici reports a connection the peer reset: TypeError 'fetch failed' caused by a closed socket. */
const droppedConnection = () =>
  new TypeError('fetch failed', {
    cause: Object.assign(new Error('other side closed (injected)'), { code: SOCKET_CLOSED }),
  });

/** What the injector does with one attempt under a scope: the service's answer, or a fault of the plan. */
export async function faultAttempt(scope: FaultScope, attempt: InjectableAttempt): Promise<Response> {
  const { plan, random } = scope;
  const chosen =
    (plan.services.length === 0 || plan.services.includes(attempt.service)) &&
    (plan.operations.length === 0 || plan.operations.includes(attempt.operation)) &&
    (plan.attempts.length === 0 || plan.attempts.includes(attempt.attempt));
  // Three draws per attempt whatever happens, so one attempt's fate does not shift the next's.
  const [hit, kindDraw, momentDraw] = [random(), random(), random()];
  if (!chosen || hit >= plan.rate) return attempt.send();
  const kind = plan.kinds[Math.floor(kindDraw * plan.kinds.length)] as FaultKind;
  const when = plan.when[Math.floor(momentDraw * plan.when.length)] as FaultMoment;
  record(scope, { service: attempt.service, operation: attempt.operation, attempt: attempt.attempt, kind, when });
  if (when === 'after') {
    // The service applies the request and answers in full; the answer is then lost.
    const answer = await attempt.send();
    await answer.arrayBuffer();
  }
  if (kind === 'throttle' || kind === '5xx') return failureAnswer(attempt.service, kind);
  if (kind === 'timeout') {
    // The attempt's time limit, reached now rather than waited for: the client sees its own AbortSignal fire.
    attempt.expire();
    throw new DOMException('This operation was aborted', 'AbortError');
  }
  throw droppedConnection();
}

const requestScopes = new AsyncLocalStorage<FaultScope | undefined>();
let everyRequest: FaultScope | undefined;
let installed = false;

/**
 * Installs the injector on the light clients when the switch is set (returns whether it is): attempts made inside a
 * request that runs under a plan (`runUnderFaults`) draw from that plan; outside one, nothing is injected.
 */
export async function installFaultSwitch(): Promise<boolean> {
  const value = process.env[FAULT_SWITCH];
  if (!value) return false;
  if (installed) return true;
  installed = true;
  everyRequest = value === 'on' || value === '1' ? undefined : scopeOf(parsePlan(value), false);
  const { injectAttemptFaults } = await import('../functions/lib/aws/aws-client');
  const injector: AttemptInjector = (attempt) => {
    const scope = requestScopes.getStore();
    return scope ? faultAttempt(scope, attempt) : attempt.send();
  };
  injectAttemptFaults(injector);
  return true;
}

/**
 * Runs one request of the local gateway under the plan its header names, else under the portal-wide plan (if
 * any). Returns the request's answer and, for a plan of its own, the faults injected into it.
 */
export async function runUnderFaults<T>(
  planHeader: string | undefined,
  run: () => Promise<T>,
): Promise<{ result: T; injected: InjectedFault[] | undefined }> {
  if (!installed) return { result: await run(), injected: undefined };
  const scope = planHeader ? scopeOf(parsePlan(planHeader)) : everyRequest;
  if (!scope) return { result: await run(), injected: undefined };
  const result = await requestScopes.run(scope, run);
  return { result, injected: planHeader ? scope.injected : undefined };
}

/** The faults injected under the portal-wide plan so far, counted by service, operation, kind and moment. */
export const portalWideFaults = (): ReadonlyMap<string, number> => everyRequest?.counts ?? new Map();
