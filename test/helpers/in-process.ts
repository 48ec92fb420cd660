import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { type Contract, fillPath } from '../../shared/contracts/define';
import { tableAccess } from './db';

/**
 * A request answered by its handler module inside the test's own process (the file its Lambda runs, as the local
 * gateway invokes it), so what it sends to DynamoDB can be counted: the gateway's calls run in another process.
 * `asInAws`: the answer as AWS sends it, which is not checked (and so not trimmed) against the contract as it is
 * locally (http-handler.ts).
 */
export async function invokeInProcess(
  contract: Contract,
  options: { token: string; query?: Record<string, string>; params?: Record<string, string>; asInAws?: boolean },
): Promise<{ status: number; body: Record<string, unknown> }> {
  await tableAccess();
  const module = new URL(`../../functions/${contract.handler}.ts`, import.meta.url).href;
  const { handler } = (await import(/* @vite-ignore */ module)) as {
    handler: (event: APIGatewayProxyEventV2, context: Context) => Promise<{ statusCode?: number; body?: string }>;
  };
  const params = options.params ?? {};
  const path = `/${fillPath(contract.path, params)}`;
  const query = options.query ?? {};
  const event = {
    version: '2.0',
    routeKey: `${contract.method} ${path}`,
    rawPath: path,
    rawQueryString: new URLSearchParams(query).toString(),
    headers: { authorization: `Bearer ${options.token}`, 'cloudfront-viewer-address': '10.0.0.1:443' },
    queryStringParameters: Object.keys(query).length > 0 ? query : undefined,
    pathParameters: Object.keys(params).length > 0 ? params : undefined,
    requestContext: {
      http: { method: contract.method, path, protocol: 'HTTP/1.1', sourceIp: '10.0.0.1', userAgent: 'vitest' },
      requestId: randomUUID(),
      timeEpoch: Date.now(),
    },
    isBase64Encoded: false,
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
 * The DynamoDB operations the functions' client sends while `run` runs, in this process, in order. The one place
 * tests hook the client, so a change of its hook API is made here only.
 */
export async function dynamoCallsOf<T>(run: () => Promise<T>): Promise<{ operations: string[]; result: T }> {
  await tableAccess(); // the environment the functions' modules read
  const { dynamo } = await import('../../functions/lib/aws/dynamo');
  const operations: string[] = [];
  const stop = dynamo.onSend((operation) => {
    operations.push(operation);
  });
  try {
    const result = await run();
    return { operations, result };
  } finally {
    stop();
  }
}

/** How many DynamoDB calls the functions' client sends while `run` runs (dynamoCallsOf). */
export async function countDynamoCalls<T>(run: () => Promise<T>): Promise<{ calls: number; result: T }> {
  const { operations, result } = await dynamoCallsOf(run);
  return { calls: operations.length, result };
}
