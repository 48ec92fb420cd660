import { describe, expect, it } from 'vitest';
import { API_PATH_FUNCTION, SPA_REWRITE_FUNCTION } from '../../infra/constructs/web';

interface CfRequest {
  uri: string;
  querystring?: Record<string, unknown>;
  headers?: Record<string, { value: string }>;
}
type CfHandler = (event: { request: CfRequest; viewer?: { ip: string } }) => CfRequest;

/** CloudFront Functions are plain JavaScript: evaluate the exact code that gets deployed. */
function load(code: string): CfHandler {
  return new Function(`${code}\nreturn handler;`)() as CfHandler;
}

describe('SPA rewrite (default behaviour)', () => {
  const handler = load(SPA_REWRITE_FUNCTION);
  const uri = (path: string) => handler({ request: { uri: path } }).uri;

  it('sends client-side routes to /index.html', () => {
    expect(uri('/')).toBe('/index.html');
    expect(uri('/admin/users')).toBe('/index.html');
    expect(uri('/admin/projects/3f1c/')).toBe('/index.html');
  });

  it('leaves files alone', () => {
    expect(uri('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
    expect(uri('/favicon.ico')).toBe('/favicon.ico');
    expect(uri('/index.html')).toBe('/index.html');
  });
});

describe('API path (/api/* behaviour)', () => {
  const handler = load(API_PATH_FUNCTION);
  const uri = (path: string) =>
    handler({
      request: { uri: path, querystring: { limit: { value: '10' } }, headers: {} },
      viewer: { ip: '198.51.100.7' },
    }).uri;

  it('strips trailing slashes so the spec paths match HTTP API route keys', () => {
    expect(uri('/api/v1/token/')).toBe('/api/v1/token');
    expect(uri('/api/v1/projects/project/3f1c/')).toBe('/api/v1/projects/project/3f1c');
    expect(uri('/api/v1/health')).toBe('/api/v1/health');
    expect(uri('/api/v1/x//')).toBe('/api/v1/x');
  });

  it('keeps the query string', () => {
    const request = { uri: '/api/v1/a/', querystring: { limit: { value: '10' } }, headers: {} };
    expect(handler({ request, viewer: { ip: '198.51.100.7' } }).querystring).toEqual({ limit: { value: '10' } });
  });

  it("tells the API the viewer's address and portal, over whatever the viewer sent under those names", () => {
    const forged = {
      host: { value: 'portal.firma-b.cl' },
      'x-portal-origin': { value: 'https://portal.firma-a.cl' },
      'x-portal-viewer-ip': { value: '10.0.0.1' },
    };
    const out = handler({ request: { uri: '/api/v1/users/info/', headers: forged }, viewer: { ip: '2001:db8::7' } });
    expect(out.headers?.['x-portal-origin']).toEqual({ value: 'https://portal.firma-b.cl' });
    expect(out.headers?.['x-portal-viewer-ip']).toEqual({ value: '2001:db8::7' });
    expect(out.headers?.host).toEqual({ value: 'portal.firma-b.cl' });
  });
});
