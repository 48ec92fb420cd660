import { describe, expect, it } from 'vitest';
import { API_PATH_FUNCTION, SPA_REWRITE_FUNCTION } from '../../infra/constructs/web';

interface CfRequest {
  uri: string;
  querystring?: Record<string, unknown>;
}
type CfHandler = (event: { request: CfRequest }) => CfRequest;

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
  const uri = (path: string) => handler({ request: { uri: path, querystring: { limit: { value: '10' } } } }).uri;

  it('strips trailing slashes so the spec paths match HTTP API route keys', () => {
    expect(uri('/api/v1/token/')).toBe('/api/v1/token');
    expect(uri('/api/v1/projects/project/3f1c/')).toBe('/api/v1/projects/project/3f1c');
    expect(uri('/api/v1/health')).toBe('/api/v1/health');
    expect(uri('/api/v1/x//')).toBe('/api/v1/x');
  });

  it('keeps the query string', () => {
    expect(handler({ request: { uri: '/api/v1/a/', querystring: { limit: { value: '10' } } } }).querystring).toEqual({
      limit: { value: '10' },
    });
  });
});
