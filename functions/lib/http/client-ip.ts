import type { HttpEvent } from './types';

/**
 * The viewer's address, for per-address throttles. Behind CloudFront the API sees CloudFront's address as the source;
 * CloudFront adds `CloudFront-Viewer-Address` ("ip:port", set by CloudFront itself, not by the viewer), and the
 * execute-api endpoint is closed, so the header cannot be forged from outside. Locally the gateway's source is used.
 */
export function clientIp(event: HttpEvent): string {
  const viewer = event.headers?.['cloudfront-viewer-address'];
  if (viewer) return viewer.slice(0, viewer.lastIndexOf(':')) || viewer;
  return event.requestContext.http.sourceIp;
}

/** Where a request came from, for the security log. */
export function requestOrigin(event: HttpEvent): { source_ip: string; user_agent?: string } {
  return { source_ip: clientIp(event), user_agent: event.requestContext.http.userAgent };
}
