import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { type Contract, routeKey, routePath } from '../shared/contracts/define';
import { buildOpenApi } from '../shared/openapi/build';
import { PORTAL_RESPONSE_HEADERS } from '../shared/response-headers';
import { installEdgeStandIn } from './edge-stand-in';
import { describeFault, FAULT_PLAN_HEADER, FAULTS_INJECTED_HEADER, installFaultSwitch, runUnderFaults } from './faults';
import { installIamEmulation, runAs } from './iam-emulation';

/** API Gateway's payload limit; a larger body answers 413 as it would in AWS. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

export interface Route {
  contract: Contract;
  pattern: RegExp;
  /** Per path segment, 0 for a static one and 1 for a {parameter}: how API Gateway ranks routes that both match. */
  rank: number[];
}

export function compile(contract: Contract): Route {
  const source = routePath(contract)
    .slice(1)
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      return name ? `(?<${name}>[^/]+)` : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
    })
    .join('');
  const rank = routePath(contract)
    .slice(1)
    .split('/')
    .map((segment) => (/^\{\w+\}$/.test(segment) ? 1 : 0));
  return { contract, pattern: new RegExp(`^/${source}$`), rank };
}

/** Static segments beat parameters, compared from the left (the first segment where two routes differ decides). */
function moreSpecific(a: Route, b: Route): number {
  for (let i = 0; i < Math.max(a.rank.length, b.rank.length); i++) {
    const difference = (a.rank[i] ?? 0) - (b.rank[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/**
 * The route API Gateway would pick for a method and path: among the routes that match, the most specific one, not
 * the first declared (`GET .../society/admin-available` must not be taken by `.../society/{uuid}`).
 */
export function selectRoute(
  routes: readonly Route[],
  method: string,
  pathname: string,
): { route: Route; params: Record<string, string> } | undefined {
  const matches = routes
    .filter((route) => route.contract.method === method)
    .map((route) => ({ route, match: route.pattern.exec(pathname) }))
    .filter((candidate): candidate is { route: Route; match: RegExpExecArray } => candidate.match !== null)
    .sort((a, b) => moreSpecific(a.route, b.route));
  const best = matches[0];
  if (!best) return undefined;
  const params = Object.fromEntries(
    Object.entries(best.match.groups ?? {}).map(([name, value]) => [name, decodeURIComponent(value)]),
  );
  return { route: best.route, params };
}

/** Content types API Gateway passes as text; everything else arrives base64-encoded. */
const isText = (contentType = '') => /^(text\/|application\/(json|x-www-form-urlencoded|xml))/.test(contentType);

function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > MAX_BODY_BYTES ? 'too-large' : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function toEvent(req: IncomingMessage, url: URL, route: Route, params: Record<string, string>, body: Buffer) {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && name !== 'cookie') headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = name in query ? `${query[name]},${value}` : value;
  const text = isText(headers['content-type']);
  const now = new Date();
  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey: routeKey(route.contract),
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    cookies: req.headers.cookie?.split(/;\s*/),
    headers,
    queryStringParameters: Object.keys(query).length > 0 ? query : undefined,
    pathParameters: Object.keys(params).length > 0 ? params : undefined,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: req.method ?? 'GET',
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: routeKey(route.contract),
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    body: body.length === 0 ? undefined : text ? body.toString('utf8') : body.toString('base64'),
    isBase64Encoded: body.length > 0 && !text,
  };
  return event;
}

function lambdaContext(contract: Contract): Context {
  const deadline = Date.now() + 30_000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: contract.id,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${contract.id}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${contract.id}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => deadline - Date.now(),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** As CloudFront's response headers policy does in AWS, the portal's headers replace any of the function's. */
function send(res: ServerResponse, result: APIGatewayProxyStructuredResultV2): void {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(result.headers ?? {})) headers[name] = String(value);
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  for (const [name, value] of Object.entries(PORTAL_RESPONSE_HEADERS)) headers[name.toLowerCase()] = value;
  res.writeHead(result.statusCode ?? 200, headers);
  const body = result.body ?? '';
  res.end(result.isBase64Encoded ? Buffer.from(body, 'base64') : body);
}

const json = (status: number, body: unknown): APIGatewayProxyStructuredResultV2 => ({
  statusCode: status,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: JSON.stringify(body),
});

/** The local gateway's stand-in for "the firm's DNS is now in place" (`?domain=portal.firma.cl`). */
export const LOCAL_VALIDATE_PATH = '/api/local/firm-domains/validate';

export interface Gateway {
  url: string;
  server: Server;
  close: () => Promise<void>;
}

/**
 * Serves every contract by invoking its handler module (the very file each Lambda runs) with an API Gateway v2 event,
 * as the HTTP API does in AWS. Also serves the OpenAPI document at /api/openapi.json.
 */
export async function startGateway(options: {
  contracts: readonly Contract[];
  loadHandler: (contract: Contract) => Promise<Handler>;
  port: number;
}): Promise<Gateway> {
  const routes = options.contracts.map(compile);
  await installIamEmulation();
  // Only where PORTAL_FAULT_INJECTION is set (local/faults.ts); a fault plan header is otherwise ignored.
  const faults = await installFaultSwitch();
  // Firms' domains: no CloudFront locally, its stand-in instead (pending until marked validated below).
  const edge = installEdgeStandIn();
  const openapi = JSON.stringify(buildOpenApi(options.contracts));
  const handlers = new Map<string, Promise<Handler>>();

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      // As CloudFront does in AWS: the trailing slash is stripped before routing.
      if (url.pathname.length > 1) url.pathname = url.pathname.replace(/\/+$/, '');
      if (req.method === 'GET' && url.pathname === '/api/openapi.json') {
        res.writeHead(200, { 'content-type': 'application/json', ...PORTAL_RESPONSE_HEADERS }).end(openapi);
        return;
      }
      // Local only: what CloudFront does once a firm's DNS points at it (the certificate is issued, the domain served).
      if (req.method === 'POST' && url.pathname === LOCAL_VALIDATE_PATH) {
        const validated = edge.validateDomain(url.searchParams.get('domain') ?? '');
        return send(res, json(validated ? 200 : 404, validated ? { detail: 'ok' } : { code: 'NOT_FOUND' }));
      }
      const selected = selectRoute(routes, req.method ?? 'GET', url.pathname);
      if (!selected) return send(res, json(404, { code: 'ROUTE_NOT_FOUND' }));
      const { route, params } = selected;
      const body = await readBody(req);
      if (body === 'too-large') return send(res, json(413, { code: 'PAYLOAD_TOO_LARGE' }));
      let handler = handlers.get(route.contract.id);
      if (!handler) {
        handler = options.loadHandler(route.contract);
        handlers.set(route.contract.id, handler);
      }
      const event = toEvent(req, url, route, params, body);
      const loaded = await handler;
      const invoke = () => runAs(route.contract, () => loaded(event, lambdaContext(route.contract)));
      if (!faults) return send(res, await invoke());
      const plan = req.headers[FAULT_PLAN_HEADER];
      const { result, injected } = await runUnderFaults(typeof plan === 'string' ? plan : undefined, invoke);
      // What the request met, for the fault suite to print beside its answer.
      if (injected)
        result.headers = { ...result.headers, [FAULTS_INJECTED_HEADER]: injected.map(describeFault).join(' ') };
      send(res, result);
    } catch (error) {
      console.error('Local gateway failure:', error);
      send(res, json(500, { code: 'INTERNAL_ERROR' }));
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
