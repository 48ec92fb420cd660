import type middy from '@middy/core';
import type { HttpEvent, HttpResult, PortalContext } from './types';

/**
 * Headers on every answer of the API, errors and redirects included: no browser may guess another type than the one
 * sent (an API answer is never a page to render). CloudFront's response headers policy sets it too (infra web.ts);
 * here it holds on the local gateway and on a direct call alike.
 */
export const API_SECURITY_HEADERS = { 'x-content-type-options': 'nosniff' } as const;

export function securityHeaders(): middy.MiddlewareObj<HttpEvent, HttpResult, Error, PortalContext> {
  const addHeaders: middy.MiddlewareFn<HttpEvent, HttpResult, Error, PortalContext> = async (request) => {
    const response = request.response;
    if (response && typeof response === 'object') response.headers = { ...response.headers, ...API_SECURITY_HEADERS };
  };
  return { after: addHeaders, onError: addHeaders };
}
