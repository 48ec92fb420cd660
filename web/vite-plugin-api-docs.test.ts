import { describe, expect, it, vi } from 'vitest';
import { contracts } from '../shared/contracts';
import { buildOpenApi } from '../shared/openapi/build';
import { API_DOCS_PATH, apiDocs } from './vite-plugin-api-docs';

type Hook = (...args: unknown[]) => void;

function emitted(): Map<string, string> {
  const files = new Map<string, string>();
  const emitFile = (file: { fileName: string; source: string }) => files.set(file.fileName, file.source);
  (apiDocs().generateBundle as Hook).call({ emitFile });
  return files;
}

describe('API docs page', () => {
  const files = emitted();
  const html = files.get('api-docs/index.html') ?? '';

  it('is emitted by the build with Swagger UI, its initializer and the document', () => {
    expect([...files.keys()].sort()).toEqual(
      [
        'LICENSE',
        'NOTICE',
        'index.html',
        'openapi.json',
        'swagger-initializer.js',
        'swagger-ui-bundle.js',
        'swagger-ui.css',
      ].map((name) => `api-docs/${name}`),
    );
    expect(JSON.parse(files.get('api-docs/openapi.json') ?? '')).toEqual(buildOpenApi(contracts));
    expect(files.get('api-docs/swagger-ui-bundle.js')?.length).toBeGreaterThan(100_000);
  });

  it('is Spanish where it has its own text', () => {
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('<title>Documentación de la API</title>');
  });

  it('loads only files of its own (the CSP allows no inline script) and the emitted document', () => {
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBe(2);
    for (const [, attributes, body] of scripts) {
      expect(body).toBe('');
      const src = attributes?.match(/src="([^"]+)"/)?.[1] ?? '';
      expect(files.has(src.slice(1))).toBe(true);
    }
    expect(files.get('api-docs/swagger-initializer.js')).toContain(`url: '${API_DOCS_PATH}openapi.json'`);
  });

  it('is served by the dev server, ahead of the SPA and the /api proxy', () => {
    let middleware: Hook = () => {};
    (apiDocs().configureServer as Hook)({ middlewares: { use: (fn: Hook) => (middleware = fn) } });
    const answer = (url: string) => {
      const res = { writeHead: vi.fn((_status: number) => res), end: vi.fn((_body?: unknown) => res) };
      const next = vi.fn();
      middleware({ url }, res, next);
      return { status: res.writeHead.mock.calls[0]?.[0], body: String(res.end.mock.calls[0]?.[0]), next };
    };
    expect(answer('/api-docs/')).toMatchObject({ status: 200, body: html });
    expect(answer('/api-docs/index.html')).toMatchObject({ status: 200, body: html });
    expect(answer('/api-docs')).toMatchObject({ status: 302 });
    expect(answer('/api/v1/health/').next).toHaveBeenCalled();
    expect(answer('/api-docs/unknown.js').next).toHaveBeenCalled();
  });
});
