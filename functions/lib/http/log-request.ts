import type middy from '@middy/core';
import { CORRELATION_HEADER, CORRELATION_ID } from '../../../shared/correlation';
import { logger } from '../logger';
import { countAnswer, publishMetrics } from '../metrics';
import { portalOrigin } from './client-ip';
import type { HttpEvent, HttpResult, PortalContext } from './types';

/**
 * Query parameters whose values are never logged: access and link tokens (`?token=` on downloads and e-mail links),
 * refresh tokens, passwords. Matched without case, on names that contain them (`refresh_token`, `new_password`).
 */
const SECRET_NAMES = /token|refresh|password|secret|code|signature|credential/i;

/**
 * The query of a request as it may be logged: every parameter name, and its value unless the name looks secret.
 * Headers (Authorization) and bodies are never logged at all.
 */
export function loggableQuery(query: HttpEvent['queryStringParameters']): Record<string, string> | undefined {
  if (!query) return undefined;
  const entries = Object.entries(query).map(([name, value]): [string, string] => [
    name,
    SECRET_NAMES.test(name) ? '[redacted]' : String(value ?? ''),
  ]);
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** The client's correlation id when it is a well-formed one, else the API Gateway request's own id. */
export function correlationIdOf(event: HttpEvent): string {
  const sent = event.headers?.[CORRELATION_HEADER];
  return sent && CORRELATION_ID.test(sent) ? sent : (event.requestContext?.requestId ?? 'unknown');
}

type Request = middy.Request<HttpEvent, HttpResult, Error, PortalContext>;

/** The answer, errors' included, names the correlation id the log lines carry. */
function echoCorrelationId(request: Request): void {
  if (!request.response) return;
  request.response.headers = { ...request.response.headers, [CORRELATION_HEADER]: correlationIdOf(request.event) };
}

/**
 * Adds to every log line of the request the Lambda and API Gateway request ids, the contract, the correlation id and
 * the portal (the firm's domain) it came through, so one firm's or one call's lines can be cut out; logs one line per
 * answered request.
 */
export function logRequest(contractId: string): middy.MiddlewareObj<HttpEvent, HttpResult, Error, PortalContext> {
  const started = new WeakMap<object, number>();
  const logRequestBefore: middy.MiddlewareFn<HttpEvent, HttpResult, Error, PortalContext> = async (request) => {
    started.set(request, Date.now());
    const correlationId = correlationIdOf(request.event);
    logger.resetKeys();
    logger.addContext(request.context);
    logger.appendKeys({
      requestId: request.event.requestContext?.requestId,
      contract: contractId,
      correlationId,
      portal: portalOrigin(request.event) || undefined,
    });
  };
  const logRequestAfter: middy.MiddlewareFn<HttpEvent, HttpResult, Error, PortalContext> = async (request) => {
    // The route key, not the raw path: path parameters are ids, and the query (tokens) goes only through loggableQuery.
    logger.info('Request answered', {
      route: request.event.routeKey,
      query: loggableQuery(request.event.queryStringParameters),
      status: request.response?.statusCode,
      ms: Date.now() - (started.get(request) ?? Date.now()),
    });
    countAnswered(request);
    echoCorrelationId(request);
  };
  // The error middleware (error-response.ts) has made the answer by now.
  const logRequestOnError: middy.MiddlewareFn<HttpEvent, HttpResult, Error, PortalContext> = async (request) => {
    countAnswered(request);
    echoCorrelationId(request);
  };
  const countAnswered = (request: Request) => {
    countAnswer(contractId, request.response?.statusCode ?? 500, portalOrigin(request.event) || undefined);
    publishMetrics();
  };
  return { before: logRequestBefore, after: logRequestAfter, onError: logRequestOnError };
}
