import type middy from '@middy/core';
import { retryKind } from '../aws/aws-client';
import { ApiError, serviceBusy } from '../errors';
import { logger } from '../logger';
import type { HttpEvent, HttpResult, PortalContext } from './types';

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): HttpResult {
  return {
    statusCode: status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
    body: JSON.stringify(body),
  };
}

/** Seconds a 503 asks the caller to wait before the same request (the light clients' retries already waited). */
export const RETRY_AFTER_SECONDS = 2;

/**
 * Maps a thrown ApiError to its status and {code, ...} body. An AWS call that was throttled or got no answer in time,
 * once the client's retries are spent (aws-client.ts retryKind), answers 503 SERVICE_BUSY with Retry-After: the
 * request may simply be sent again, which a 409 or a 500 would not say. Anything else is logged with its stack and
 * answers 500 INTERNAL_ERROR with no internals.
 */
export function errorResponse(): middy.MiddlewareObj<HttpEvent, HttpResult, Error, PortalContext> {
  const errorResponseOnError: middy.MiddlewareFn<HttpEvent, HttpResult, Error, PortalContext> = async (request) => {
    const raised = request.error;
    const busy = !(raised instanceof ApiError) && retryKind(raised) !== undefined;
    if (busy) logger.warn('AWS busy or slow, answered 503', { name: (raised as Error).name, reason: String(raised) });
    const error = busy ? serviceBusy() : raised;
    if (error instanceof ApiError) {
      if (error.status >= 500 && !busy) logger.error('Request failed', { code: error.code });
      else logger.info('Request refused', { status: error.status, code: error.code });
      const headers: Record<string, string> =
        error.status === 503 ? { 'retry-after': String(RETRY_AFTER_SECONDS) } : {};
      request.response = jsonResponse(error.status, { code: error.code, ...error.extra }, headers);
      return;
    }
    logger.error('Unhandled error', error as Error);
    request.response = jsonResponse(500, { code: 'INTERNAL_ERROR' });
  };
  return { onError: errorResponseOnError };
}
