import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (infra/ sits one level below it), so synth and the bench work from any working directory. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** functions/<handler>.ts: the module a contract's `handler` names. */
export function handlerEntry(handler: string): string {
  return path.join(REPO_ROOT, 'functions', `${handler}.ts`);
}

/** The built SPA (`npm run build:web`); the web stack deploys it only when it exists at synth time. */
export const WEB_DIST = path.join(REPO_ROOT, 'web', 'dist');
