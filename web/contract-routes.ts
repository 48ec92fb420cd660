import { readdirSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { type Plugin, runnerImport } from 'vite';

const CONTRACTS_DIR = resolve(import.meta.dirname, '../shared/contracts');

/**
 * The contract modules the SPA may import: every area file of shared/contracts (define.ts has no run-time zod and is
 * served as it is; index.ts joins the areas for the server). Read from the folder, so a new area needs no entry here.
 */
export const SERVED_MODULES = readdirSync(CONTRACTS_DIR)
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'index.ts' && file !== 'define.ts')
  .map((file) => basename(file, '.ts'));

function isContract(value: unknown): value is { id: string; method: string; path: string } {
  return typeof value === 'object' && value !== null && 'handler' in value && 'method' in value && 'path' in value;
}

function isZod(value: unknown): boolean {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

/** A plain object of schemas (a shape spread into contracts, such as `pageQuery`): server-only as well. */
function isShape(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.values(value).some(isZod);
}

/** What the browser needs of an export: a contract's route (no schemas), a plain value as it is. */
function browserValue(value: unknown): unknown {
  if (isContract(value)) {
    const { id, method, path, access, fileResponse } = value as typeof value & {
      access: unknown;
      fileResponse?: string;
    };
    return { id, method, path, access, ...(fileResponse && { fileResponse }) };
  }
  if (isZod(value) || typeof value === 'function' || isShape(value)) return undefined;
  return value;
}

/**
 * The source the SPA gets for a contract module: its contracts as routes (id, method, path, access, fileResponse)
 * and its plain constants (orderings, default colour). Schemas are left out, so zod never reaches the browser
 * (the API client carried 28 KB of zod at run time); the client uses the contracts' types only. A web
 * module that imports a schema fails the build ("is not exported"), which says to validate on the server.
 */
export function contractModuleSource(module: Record<string, unknown>, file?: string): string {
  const lines = Object.entries(module).flatMap(([exported, value]) => {
    // A schema reaches only the form that imports it, from the module itself (tree-shaken): forms validate with it.
    if (file && isZod(value)) return [`export { ${exported} } from ${JSON.stringify(`${file}${SCHEMAS}`)};`];
    const lite = browserValue(value);
    return lite === undefined ? [] : [`export const ${exported} = ${JSON.stringify(lite)};`];
  });
  return `${lines.join('\n')}\n`;
}

/** The id suffix of a contract module served as it is, for the schemas forms import; its own imports keep it. */
const SCHEMAS = '?schemas';

type Modules = Record<string, Record<string, unknown>>;

/** The contract modules as the server sees them (with zod), by file name, loaded once per build or dev server. */
async function loadModules(): Promise<Modules> {
  const loaded = await Promise.all(
    SERVED_MODULES.map(
      async (name) =>
        [name, (await runnerImport<Record<string, unknown>>(resolve(CONTRACTS_DIR, `${name}.ts`))).module] as const,
    ),
  );
  return Object.fromEntries(loaded);
}

/** Serves shared/contracts/<area>.ts to the SPA as contractModuleSource of the module, loaded on the server side. */
export function contractRoutes(): Plugin {
  let modules: Promise<Modules> | undefined;
  return {
    name: 'portal:contract-routes',
    enforce: 'pre',
    // A module served as it is declares no side effects: a chunk that imports a contract module for its routes only
    // (the API client) then carries none of its schemas, nor zod.
    async resolveId(source, importer) {
      if (source.endsWith(SCHEMAS)) return { id: source, moduleSideEffects: false };
      if (!importer?.endsWith(SCHEMAS) || !source.startsWith('.')) return undefined;
      const file = resolve(
        dirname(importer.slice(0, -SCHEMAS.length)),
        source.endsWith('.ts') ? source : `${source}.ts`,
      );
      return dirname(file) === CONTRACTS_DIR ? { id: `${file}${SCHEMAS}`, moduleSideEffects: false } : undefined;
    },
    async load(id) {
      if (id.endsWith(SCHEMAS)) return undefined;
      const file = id.split('?')[0] ?? id;
      if (dirname(file) !== CONTRACTS_DIR || !SERVED_MODULES.includes(basename(file, '.ts'))) return undefined;
      modules ??= loadModules();
      const module = (await modules)[basename(file, '.ts')];
      return module ? contractModuleSource(module, file) : undefined;
    },
  };
}
