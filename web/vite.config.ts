import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { PORTAL_RESPONSE_HEADERS } from '../shared/response-headers.ts';
import { contractRoutes } from './contract-routes.ts';
import { apiDocs } from './vite-plugin-api-docs.ts';
import { firstLoad } from './vite-plugin-first-load.ts';

/**
 * The SPA. In AWS CloudFront serves it and routes /api/* to the HTTP API; locally local/portal.ts starts this config
 * with a proxy from /api to the local gateway, so the portal and its API share one origin in both places. The SPA calls
 * the API on its own origin under /api (web/src/lib/api-client.ts).
 */
export default defineConfig({
  root: import.meta.dirname,
  // contractRoutes: the SPA gets the contracts' routes without their zod schemas (contract-routes.ts); apiDocs: the
  // OpenAPI reading page at /api-docs/ (vite-plugin-api-docs.ts); firstLoad: what /login needs is asked for by the
  // HTML itself (vite-plugin-first-load.ts).
  plugins: [contractRoutes(), react(), apiDocs(), firstLoad()],
  // '@/…' is web/src and '@shared/…' is shared/, from tsconfig.json's paths.
  resolve: { tsconfigPaths: true },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
  preview: { headers: { ...PORTAL_RESPONSE_HEADERS } },
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    // As CloudFront's response headers policy in AWS (Cross-Origin-Opener-Policy, nosniff); /api answers get them from
    // the local gateway.
    headers: { ...PORTAL_RESPONSE_HEADERS },
    // Transform the app's modules when the server starts, so the first page load does not wait for them.
    warmup: { clientFiles: ['./src/main.tsx', './src/app/**/*.tsx', './src/features/**/*.tsx'] },
  },
});
