import { join } from 'node:path';
import type { HtmlTagDescriptor, Plugin } from 'vite';

/**
 * What /login needs first, asked for by the HTML itself (Lighthouse mobile LCP ≤ 2 s on /login):
 * - src/boot.ts, a tiny script of its own loaded `async`, starts the branding request while the bundle downloads;
 * - the login route's chunk and its imports are modulepreloaded, so they arrive with the bundle instead of one round
 *   trip after it (the router loads routes lazily; Vite only preloads the entry's static imports).
 * In the dev server the boot script is served from source; the build emits it as a chunk and links its hashed file.
 */
const BOOT = 'src/boot.ts';
const LOGIN_ROUTE = 'src/features/auth/routes/login.tsx';

export function firstLoad(): Plugin {
  let root = '';
  let base = '/';
  let building = false;
  return {
    name: 'portal-first-load',
    configResolved(config) {
      root = config.root;
      base = config.base;
      building = config.command === 'build';
    },
    buildStart() {
      if (building) this.emitFile({ type: 'chunk', id: join(root, BOOT), name: 'boot' });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const script = (src: string): HtmlTagDescriptor => ({
          tag: 'script',
          attrs: { type: 'module', async: true, src },
          injectTo: 'head',
        });
        if (!bundle) return [script(`${base}${BOOT}`)];
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const byModule = (file: string) => chunks.find((chunk) => chunk.facadeModuleId === join(root, file));
        const boot = byModule(BOOT);
        const login = byModule(LOGIN_ROUTE);
        if (!boot || !login) throw new Error(`first-load: ${BOOT} or ${LOGIN_ROUTE} missing from the bundle`);
        const entry = chunks.find((chunk) => chunk.isEntry && chunk !== boot);
        const preloaded = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
        const preload = [login.fileName, ...login.imports].filter((file) => !preloaded.has(file));
        return [
          script(`${base}${boot.fileName}`),
          ...preload.map(
            (file): HtmlTagDescriptor => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
              injectTo: 'head',
            }),
          ),
        ];
      },
    },
  };
}
