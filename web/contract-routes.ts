import { basename, dirname, resolve } from 'node:path';
import { type Plugin, runnerImport } from 'vite';

const CONTRACTS_DIR = resolve(import.meta.dirname, '../shared/contracts');

/** The contract modules the SPA may import, by file name. define.ts has no run-time zod and is served as it is. */
const MODULES = ['accounting', 'auth', 'fields', 'groups', 'health', 'projects', 'registration', 'societies', 'users'];

function isContract(value: unknown): value is { id: string; method: string; path: string } {
  return typeof value === 'object' && value !== null && 'handler' in value && 'method' in value && 'path' in value;
}

function isZod(value: unknown): boolean {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

/** What the browser needs of an export: a contract's route (no schemas), a plain value as it is, a schema never. */
function browserValue(value: unknown): unknown {
  if (isContract(value)) {
    const { id, method, path, access, fileResponse } = value as typeof value & {
      access: unknown;
      fileResponse?: string;
    };
    return { id, method, path, access, ...(fileResponse && { fileResponse }) };
  }
  if (isZod(value) || typeof value === 'function') return undefined;
  return value;
}

/**
 * The source the SPA gets for a contract module: its contracts as routes (id, method, path, access, fileResponse)
 * and its plain constants (orderings, default colour). Schemas are left out, so zod never reaches the browser
 * (issue 9: the API client carried 28 KB of zod at run time); the client uses the contracts' types only. A web
 * module that imports a schema fails the build ("is not exported"), which says to validate on the server.
 */
export function contractModuleSource(module: Record<string, unknown>): string {
  const lines = Object.entries(module).flatMap(([exported, value]) => {
    const lite = browserValue(value);
    return lite === undefined ? [] : [`export const ${exported} = ${JSON.stringify(lite)};`];
  });
  return `${lines.join('\n')}\n`;
}

type Modules = Record<string, Record<string, unknown>>;

/** The contract modules as the server sees them (with zod), loaded once per build or dev server. */
async function loadModules(): Promise<Modules> {
  const [index, fields] = await Promise.all([
    runnerImport<Modules>(resolve(CONTRACTS_DIR, 'index.ts')),
    runnerImport<Record<string, unknown>>(resolve(CONTRACTS_DIR, 'fields.ts')),
  ]);
  return { ...index.module, fields: fields.module };
}

/** Serves shared/contracts/<area>.ts to the SPA as contractModuleSource of the module, loaded on the server side. */
export function contractRoutes(): Plugin {
  let modules: Promise<Modules> | undefined;
  return {
    name: 'portal:contract-routes',
    enforce: 'pre',
    async load(id) {
      const file = id.split('?')[0] ?? id;
      if (dirname(file) !== CONTRACTS_DIR || !MODULES.includes(basename(file, '.ts'))) return undefined;
      modules ??= loadModules();
      const module = (await modules)[basename(file, '.ts')];
      return module ? contractModuleSource(module) : undefined;
    },
  };
}
