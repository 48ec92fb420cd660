import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { type Contract, fillPath } from '../../shared/contracts/define';
import { tableAccess } from './db';

/** What invokeInProcess sends: a JSON body, or a multipart form (files as Blobs), as API Gateway would hand it. */
export interface InProcessRequest {
  /** Omitted: no authorization header (a public contract). */
  token?: string;
  query?: Record<string, string>;
  params?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as multipart/form-data (base64-encoded, as API Gateway hands it), instead of `body`. */
  form?: FormData;
  asInAws?: boolean;
  /** The viewer's address as the CloudFront function reports it (default 10.0.0.1). */
  ip?: string;
  /** The portal the request came through, as the edge reports it (none by default). */
  portal?: string;
}

/** The body bytes and content type of a request, as the browser would send them. */
async function encodeBody(options: InProcessRequest): Promise<{ body?: string; base64: boolean; type?: string }> {
  if (options.form) {
    const request = new Request('http://in-process/', { method: 'POST', body: options.form });
    const bytes = Buffer.from(await request.arrayBuffer());
    return { body: bytes.toString('base64'), base64: true, type: request.headers.get('content-type') ?? undefined };
  }
  if (options.body === undefined) return { base64: false };
  return { body: JSON.stringify(options.body), base64: false, type: 'application/json' };
}

/**
 * A request answered by its handler module inside the test's own process (the file its Lambda runs, as the local
 * gateway invokes it), so what it sends to DynamoDB can be counted: the gateway's calls run in another process.
 * `asInAws`: the answer as AWS sends it, which is not checked (and so not trimmed) against the contract as it is
 * locally (http-handler.ts).
 */
export async function invokeInProcess(
  contract: Contract,
  options: InProcessRequest,
): Promise<{ status: number; body: Record<string, unknown> }> {
  await tableAccess();
  const module = new URL(`../../functions/${contract.handler}.ts`, import.meta.url).href;
  const { handler } = (await import(/* @vite-ignore */ module)) as {
    handler: (event: APIGatewayProxyEventV2, context: Context) => Promise<{ statusCode?: number; body?: string }>;
  };
  const params = options.params ?? {};
  const path = `/${fillPath(contract.path, params)}`;
  const query = options.query ?? {};
  const encoded = await encodeBody(options);
  const event = {
    version: '2.0',
    routeKey: `${contract.method} ${path}`,
    rawPath: path,
    rawQueryString: new URLSearchParams(query).toString(),
    headers: {
      ...(options.token !== undefined && { authorization: `Bearer ${options.token}` }),
      ...(encoded.type && { 'content-type': encoded.type }),
      'x-portal-viewer-ip': options.ip ?? '10.0.0.1',
      ...(options.portal && { 'x-portal-origin': options.portal }),
    },
    queryStringParameters: Object.keys(query).length > 0 ? query : undefined,
    pathParameters: Object.keys(params).length > 0 ? params : undefined,
    requestContext: {
      http: { method: contract.method, path, protocol: 'HTTP/1.1', sourceIp: '10.0.0.1', userAgent: 'vitest' },
      requestId: randomUUID(),
      timeEpoch: Date.now(),
    },
    body: encoded.body,
    isBase64Encoded: encoded.base64,
  } as unknown as APIGatewayProxyEventV2;
  const context = { functionName: contract.id, awsRequestId: randomUUID(), getRemainingTimeInMillis: () => 30_000 };
  const local = process.env.PORTAL_LOCAL;
  if (options.asInAws) delete process.env.PORTAL_LOCAL;
  const result = await handler(event, context as unknown as Context).finally(() => {
    if (local !== undefined) process.env.PORTAL_LOCAL = local;
  });
  return { status: result.statusCode ?? 200, body: result.body ? JSON.parse(result.body) : {} };
}

/**
 * The DynamoDB operations the functions' client sends while `run` runs, in this process, in order, with their inputs
 * as written. The one place tests hook the client, so a change of its hook API is made here only.
 */
export async function dynamoCallsOf<T>(
  run: () => Promise<T>,
): Promise<{ operations: string[]; inputs: Array<Record<string, unknown>>; result: T }> {
  await tableAccess(); // the environment the functions' modules read
  const { dynamo } = await import('../../functions/lib/aws/dynamo');
  const operations: string[] = [];
  const inputs: Array<Record<string, unknown>> = [];
  const stop = dynamo.onSend((operation, input) => {
    operations.push(operation);
    inputs.push(input);
  });
  try {
    const result = await run();
    return { operations, inputs, result };
  } finally {
    stop();
  }
}

/** How many DynamoDB calls the functions' client sends while `run` runs (dynamoCallsOf). */
export async function countDynamoCalls<T>(run: () => Promise<T>): Promise<{ calls: number; result: T }> {
  const { operations, result } = await dynamoCallsOf(run);
  return { calls: operations.length, result };
}

/**
 * Every call the functions' AWS clients (DynamoDB, Cognito, SES, S3) send while `run` runs, in this process, in order,
 * as `service:Operation`: what two paths of one endpoint cost, compared call by call instead of by the wall clock.
 * `run` gets the list, to mark its own steps in it.
 */
export async function awsCallsOf<T>(run: (calls: string[]) => Promise<T>): Promise<{ calls: string[]; result: T }> {
  await tableAccess();
  const [{ dynamo }, { cognito }, { ses }, { s3 }] = await Promise.all([
    import('../../functions/lib/aws/dynamo'),
    import('../../functions/lib/aws/cognito'),
    import('../../functions/lib/aws/ses'),
    import('../../functions/lib/aws/s3'),
  ]);
  const calls: string[] = [];
  const clients = { dynamo, cognito, ses, s3 } as const;
  const stops = Object.entries(clients).map(([name, client]) =>
    client.onSend((operation) => {
      calls.push(`${name}:${operation}`);
    }),
  );
  try {
    return { calls, result: await run(calls) };
  } finally {
    for (const stop of stops) stop();
  }
}
