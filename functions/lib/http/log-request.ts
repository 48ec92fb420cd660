import type middy from '@middy/core';
import { logger } from '../logger';
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

/** Adds the Lambda and API Gateway request ids to every log line, and logs one line per answered request. */
export function logRequest(contractId: string): middy.MiddlewareObj<HttpEvent, HttpResult, Error, PortalContext> {
  const started = new WeakMap<object, number>();
  const logRequestBefore: middy.MiddlewareFn<HttpEvent, HttpResult, Error, PortalContext> = async (request) => {
    started.set(request, Date.now());
    logger.resetKeys();
    logger.addContext(request.context);
    logger.appendKeys({ requestId: request.event.requestContext?.requestId, contract: contractId });
  };
  const logRequestAfter: middy.MiddlewareFn<HttpEvent, HttpResult, Error, PortalContext> = async (request) => {
    // The route key, not the raw path: path parameters are ids, and the query (tokens) goes only through loggableQuery.
    logger.info('Request answered', {
      route: request.event.routeKey,
      query: loggableQuery(request.event.queryStringParameters),
      status: request.response?.statusCode,
      ms: Date.now() - (started.get(request) ?? Date.now()),
    });
  };
  return { before: logRequestBefore, after: logRequestAfter, onError: undefined };
}
