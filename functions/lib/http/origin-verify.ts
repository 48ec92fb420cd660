import { timingSafeEqual } from 'node:crypto';
import type middy from '@middy/core';
import { config } from '../config';
import { forbidden } from '../errors';
import type { HttpEvent, HttpResult, PortalContext } from './types';

/** Must match infra/constructs/api.ts ORIGIN_VERIFY_HEADER (API Gateway lower-cases header names). */
export const ORIGIN_VERIFY_HEADER = 'x-portal-origin-verify';

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Refuses (403, before any other work) a request that did not come through CloudFront: in AWS the execute-api
 * endpoint stays reachable, so CloudFront adds a secret header that only it knows. Locally there is no
 * CloudFront and no secret, and the check is off; inside Lambda the secret is required (config.originVerifySecret).
 */
export function requireCloudFront(): middy.MiddlewareObj<HttpEvent, HttpResult, Error, PortalContext> {
  const requireCloudFrontBefore: middy.MiddlewareFn<HttpEvent, HttpResult, Error, PortalContext> = async (request) => {
    const secret = config.originVerifySecret;
    if (secret === undefined) return;
    const sent = request.event.headers?.[ORIGIN_VERIFY_HEADER];
    if (!sent || !same(sent, secret)) throw forbidden();
  };
  return { before: requireCloudFrontBefore };
}
