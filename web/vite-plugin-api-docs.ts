import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';
import { contracts } from '../shared/contracts';
import { buildOpenApi } from '../shared/openapi/build';

/**
 * The page that reads the OpenAPI document, at /api-docs/index.html: Swagger UI (swagger-ui-dist) over the
 * document built from the contracts. It is part of the SPA's static files rather than of the API because /api/* goes
 * to the HTTP API in AWS, where no route serves the document; served by the dev server, emitted by the build. The
 * path ends in a file name because CloudFront rewrites extension-less paths to the SPA (infra/constructs/web.ts).
 * Scripts are files, not inline, for the portal's Content-Security-Policy (script-src 'self').
 */
export const API_DOCS_PATH = '/api-docs/';

const SWAGGER_FILES = ['swagger-ui.css', 'swagger-ui-bundle.js', 'LICENSE', 'NOTICE'] as const;

const INDEX_HTML = `<!doctype html>
<html lang="es">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Documentación de la API</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="${API_DOCS_PATH}swagger-ui.css" />
  </head>
  <body>
    <noscript>Activa JavaScript para leer la documentación de la API.</noscript>
    <div id="swagger-ui" aria-label="Documentación de la API"></div>
    <script src="${API_DOCS_PATH}swagger-ui-bundle.js"></script>
    <script src="${API_DOCS_PATH}swagger-initializer.js"></script>
  </body>
</html>
`;

// validatorUrl null: Swagger UI would otherwise send the document to validator.swagger.io.
const INITIALIZER = `window.ui = SwaggerUIBundle({
  url: '${API_DOCS_PATH}openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
});
`;

type Asset = { type: string; body: () => string };

function assets(): Map<string, Asset> {
  const swagger = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const files = new Map<string, Asset>([
    ['index.html', { type: 'text/html; charset=utf-8', body: () => INDEX_HTML }],
    ['swagger-initializer.js', { type: 'text/javascript; charset=utf-8', body: () => INITIALIZER }],
    [
      'openapi.json',
      { type: 'application/json; charset=utf-8', body: () => `${JSON.stringify(buildOpenApi(contracts), null, 2)}\n` },
    ],
  ]);
  for (const name of SWAGGER_FILES) {
    const type = name.endsWith('.css') ? 'text/css' : name.endsWith('.js') ? 'text/javascript' : 'text/plain';
    // The source maps are not shipped, so their references go too.
    const body = () => readFileSync(join(swagger, name), 'utf8').replace(/\/\*# sourceMappingURL=\S+ ?\*\/\s*$/, '');
    files.set(name, { type: `${type}; charset=utf-8`, body });
  }
  return files;
}

export function apiDocs(): Plugin {
  const files = assets();
  return {
    name: 'portal-api-docs',
    configureServer(server) {
      // Added before Vite's own middlewares, so the page wins over the SPA fallback and the /api proxy.
      server.middlewares.use((req, res, next) => {
        const path = new URL(req.url ?? '/', 'http://localhost').pathname;
        if (path === API_DOCS_PATH.slice(0, -1)) {
          res.writeHead(302, { location: API_DOCS_PATH }).end();
          return;
        }
        if (!path.startsWith(API_DOCS_PATH)) return next();
        const asset = files.get(path.slice(API_DOCS_PATH.length) || 'index.html');
        if (!asset) return next();
        res.writeHead(200, { 'content-type': asset.type, 'cache-control': 'no-store' }).end(asset.body());
      });
    },
    generateBundle() {
      for (const [name, asset] of files) {
        this.emitFile({ type: 'asset', fileName: `${API_DOCS_PATH.slice(1)}${name}`, source: asset.body() });
      }
    },
  };
}
