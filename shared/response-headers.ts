/**
 * Headers the portal sends on every answer, the SPA's and the API's, beside those of CloudFront's security policy
 * (infra/constructs/web.ts, which sets the same in AWS): no content-type guessing, and a window of its own, so a
 * page opened from the portal (a document, a link) can neither reach nor move the portal's tab through
 * `window.opener`. Locally the Vite server (web/vite.config.ts) and the gateway (local/gateway.ts) send them, so
 * `npm start` behaves as AWS.
 */
export const PORTAL_RESPONSE_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'X-Content-Type-Options': 'nosniff',
} as const;
