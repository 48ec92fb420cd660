import type middy from '@middy/core';
import { logger } from '../logger';
import type { HttpEvent, HttpResult, PortalContext } from './types';

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
    logger.info('Request answered', {
      status: request.response?.statusCode,
      ms: Date.now() - (started.get(request) ?? Date.now()),
    });
  };
  return { before: logRequestBefore, after: logRequestAfter, onError: undefined };
}
