import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dynamo } from '../aws/dynamo';
import { ORIGIN_VERIFY_HEADER } from './origin-verify';

/**
 * In AWS the execute-api endpoint stays reachable beside CloudFront, so every function refuses a request
 * without CloudFront's secret header before doing any work. Proved through a real handler (health) and its wrapper.
 */
const SECRET = 'cloudfront-only-secret-value-0123456789abcdefgh';
const send = vi.spyOn(dynamo, 'send');
/** The operations the function sent to the table, and their inputs. */
const calls = () => send.mock.calls.map(([command]) => command as { operation: string; input: object });

beforeEach(() => {
  send.mockReset();
  send.mockResolvedValue({});
  vi.stubEnv('TABLE_NAME', 'portal');
});
// No module reset: config reads the environment on every request, and the mock holds the module's one client.
afterEach(() => vi.unstubAllEnvs());

async function callHealth(headers: Record<string, string>) {
  const { handler } = await import('../../health/get-health');
  const event = {
    version: '2.0',
    routeKey: 'GET /api/v1/health',
    rawPath: '/api/v1/health',
    rawQueryString: '',
    headers,
    requestContext: { requestId: 'r', http: { method: 'GET', path: '/api/v1/health', sourceIp: '203.0.113.9' } },
    isBase64Encoded: false,
  };
  const context = { functionName: 'getHealth', awsRequestId: 'a', getRemainingTimeInMillis: () => 29_000 };
  return (await handler(event as never, context as never)) as { statusCode: number; body: string };
}

describe('origin verification inside Lambda', () => {
  beforeEach(() => {
    vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', 'PortalApiHealth-getHealth');
    vi.stubEnv('ORIGIN_VERIFY_SECRET', SECRET);
  });

  it('refuses a request that did not come through CloudFront, before touching the table', async () => {
    const result = await callHealth({});
    expect(result.statusCode).toBe(403);
    expect(JSON.parse(result.body)).toEqual({ code: 'ACTION_NOT_ALLOWED' });
    expect(calls()).toHaveLength(0);
  });

  it('refuses a wrong or truncated secret', async () => {
    for (const value of ['wrong', SECRET.slice(0, -1), `${SECRET}x`]) {
      expect((await callHealth({ [ORIGIN_VERIFY_HEADER]: value })).statusCode).toBe(403);
    }
    expect(calls()).toHaveLength(0);
  });

  it('serves a request that carries CloudFront secret, with one GetItem (no DescribeTable)', async () => {
    const result = await callHealth({ [ORIGIN_VERIFY_HEADER]: SECRET });
    expect(result.statusCode).toBe(200);
    expect(calls().map((call) => call.operation)).toEqual(['GetItem']);
    expect(calls()[0]?.input).toEqual({
      TableName: 'portal',
      Key: { pk: 'HEALTH', sk: 'HEALTH' },
      ConsistentRead: false,
    });
  });

  it('refuses everything when the function was deployed without the secret (fail closed)', async () => {
    vi.stubEnv('ORIGIN_VERIFY_SECRET', '');
    const result = await callHealth({ [ORIGIN_VERIFY_HEADER]: SECRET });
    expect(result.statusCode).toBe(500);
    expect(calls()).toHaveLength(0);
  });
});

describe('origin verification locally', () => {
  it('is off: there is no CloudFront in front of the local gateway', async () => {
    vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', '');
    expect((await callHealth({})).statusCode).toBe(200);
  });
});
