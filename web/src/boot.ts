/**
 * The first script of every page, tiny and loaded `async` beside the app's bundle (web/vite-plugin-first-load.ts): it
 * asks for this origin's branding at once, so the answer is in by the time the app starts instead of one round trip
 * after it; the login waits for that answer before it shows (Lighthouse mobile LCP ≤ 2 s on /login).
 * lib/branding.ts takes the answer; it checks the path against the contract (postPersonalizationLogin), because this
 * file imports nothing, to stay a file of its own that arrives before the bundle.
 */
export interface EarlyBranding {
  path: string;
  response: Promise<Response>;
}

declare global {
  interface Window {
    portalEarlyBranding?: EarlyBranding;
  }
}

const path = 'api/v1/personalization/login/';

window.portalEarlyBranding = {
  path,
  response: fetch(`/${path}`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify({ custom_portal_url: window.location.origin }),
  }),
};
