import type middy from '@middy/core';
import { ApiError } from '../errors';
import { logger } from '../logger';
import type { HttpEvent, HttpResult, PortalContext } from './types';

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): HttpResult {
  return {
    statusCode: status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
    body: JSON.stringify(body),
  };
}

/**
 * Maps a thrown ApiError to its status and {code, ...} body; anything else is logged with its stack and answers
 * 500 INTERNAL_ERROR with no internals.
 */
export function errorResponse(): middy.MiddlewareObj<HttpEvent, HttpResult, Error, PortalContext> {
  const errorResponseOnError: middy.MiddlewareFn<HttpEvent, HttpResult, Error, PortalContext> = async (request) => {
    const error = request.error;
    if (error instanceof ApiError) {
      if (error.status >= 500) logger.error('Request failed', { code: error.code });
      else logger.info('Request refused', { status: error.status, code: error.code });
      request.response = jsonResponse(error.status, { code: error.code, ...error.extra });
      return;
    }
    logger.error('Unhandled error', error as Error);
    request.response = jsonResponse(500, { code: 'INTERNAL_ERROR' });
  };
  return { onError: errorResponseOnError };
}
