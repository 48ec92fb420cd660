import { isIPv6 } from 'node:net';
import { normalizePortalUrl } from '../data/table';
import type { HttpEvent } from './types';

/**
 * Headers the edge sets on every /api/* request, replacing whatever the viewer sent under those names: in AWS the
 * CloudFront function of the /api/* behaviour (infra/constructs/web.ts API_PATH_FUNCTION), locally the Vite proxy
 * (local/portal.ts). The execute-api endpoint refuses requests that did not pass CloudFront (origin-verify.ts), so
 * neither can be forged from outside.
 */
export const VIEWER_IP_HEADER = 'x-portal-viewer-ip';
export const PORTAL_ORIGIN_HEADER = 'x-portal-origin';

/** The viewer's address, for per-address throttles; without the edge's header, the connection's source. */
export function clientIp(event: HttpEvent): string {
  return event.headers?.[VIEWER_IP_HEADER] || event.requestContext.http.sourceIp;
}

/**
 * The address a per-address throttle counts: an IPv4 address as is, an IPv6 address by its /64, since one host
 * commonly holds a whole /64 and could otherwise take a fresh address for every guess.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * The portal (scheme and host, e.g. `https://portal.firma.cl`) the request came through, as the edge reports it; ''
 * when the API was reached without it (locally, a direct call to the gateway). Sessions are bound to it.
 */
export function portalOrigin(event: HttpEvent): string {
  return normalizePortalUrl(event.headers?.[PORTAL_ORIGIN_HEADER] ?? '');
}

/** Where a request came from, for the security log. */
export function requestOrigin(event: HttpEvent): { source_ip: string; user_agent?: string } {
  return { source_ip: clientIp(event), user_agent: event.requestContext.http.userAgent };
}
