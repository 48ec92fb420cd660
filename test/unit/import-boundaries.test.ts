import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { parseSync } from 'vite';
import { describe, expect, test } from 'vitest';

/**
 * The module boundaries, read from every import of every .ts/.tsx in the tree (static, export-from and dynamic import()
 * alike, parsed by oxc through vite): a feature's folder is its own name under web/src/features, so a new feature needs
 * no configuration. The data layer's own rule is in data-layer-owns-table.test.ts.
 */
const ROOT = join(__dirname, '..', '..');
const SKIP = new Set(['node_modules', 'cdk.out', '.local', 'dist', 'test-results', '.git']);
const FEATURES = 'web/src/features/';
const SHARED = ['web/src/components/', 'web/src/lib/', 'shared/'];
const LIB = 'functions/lib/';
const HTTP = 'functions/lib/http/';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')
      ? [relative(ROOT, path).split('\\').join('/')]
      : [];
  });
}

/** Every module a file names: import, import type, side-effect import, export-from and import('literal'). */
function specifiers(path: string, text: string): string[] {
  const { module, errors } = parseSync(path, text);
  if (errors.length > 0) throw new Error(`${path} does not parse: ${errors[0]?.message}`);
  const dynamic = module.dynamicImports.map(({ moduleRequest }) => text.slice(moduleRequest.start, moduleRequest.end));
  return [
    ...module.staticImports.map((entry) => entry.moduleRequest.value),
    ...module.staticExports.flatMap((entry) => entry.entries.flatMap((item) => item.moduleRequest?.value ?? [])),
    // import(name) with a computed name cannot be checked; only a string literal names a module.
    ...dynamic.filter((request) => /^(['"`])[^'"`$]*\1$/.test(request)).map((request) => request.slice(1, -1)),
  ];
}

/** The file a specifier names, relative to the root, or undefined for a package. */
function target(from: string, specifier: string): string | undefined {
  if (specifier.startsWith('@/')) return `web/src/${specifier.slice(2)}`;
  if (specifier.startsWith('@shared/')) return `shared/${specifier.slice(8)}`;
  if (specifier.startsWith('.'))
    return normalize(join(dirname(from), specifier))
      .split('\\')
      .join('/');
  return undefined;
}

const featureOf = (path: string) => (path.startsWith(FEATURES) ? path.slice(FEATURES.length).split('/')[0] : undefined);

/** Every broken boundary in the files, as "file: what (specifier)". */
function violations(files: Array<{ path: string; text: string }>): string[] {
  return files.flatMap(({ path, text }) =>
    specifiers(path, text).flatMap((specifier) => {
      const hit = (what: string) => [`${path}: ${what} (${specifier})`];
      if (/^zod(\/|$)/.test(specifier) && specifier !== 'zod/mini')
        return hit('zod classic: write schemas with zod/mini');
      const to = target(path, specifier);
      if (to === undefined) return [];
      const own = featureOf(path);
      // The trailing slash makes web/src/features itself a feature (''), which no one may import either.
      const other = featureOf(`${to}/`);
      if (own !== undefined && other !== undefined && other !== own) return hit('a feature imports another feature');
      if (own !== undefined && specifier.startsWith('.') && other !== own && !path.includes('.test.')) {
        return hit("a relative import leaves the feature: reach web/src with '@/…'");
      }
      if (SHARED.some((dir) => path.startsWith(dir)) && other !== undefined) {
        return hit('shared code imports a feature: only web/src/app wires features together');
      }
      if (path.startsWith(LIB) && !path.startsWith(HTTP) && `${to}/`.startsWith(HTTP) && !path.includes('.test.')) {
        return hit('functions/lib imports the HTTP layer: move what both need below functions/lib/http');
      }
      return [];
    }),
  );
}

describe('module boundaries', () => {
  test('no feature imports another, no relative climb out of a feature, no shared code on a feature, no zod classic, functions/lib below its HTTP layer', () => {
    const files = sources(ROOT).map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }));
    expect(files.filter((file) => featureOf(file.path) !== undefined).length).toBeGreaterThan(100);
    expect(violations(files)).toEqual([]);
  }, 30_000);

  test('the check fails on each kind of hit and passes the allowed ones', () => {
    const feature = 'web/src/features/users/components/list.tsx';
    const hits: Array<[string, string]> = [
      [feature, "import { x } from '@/features/groups/api/list';"],
      [feature, "import type { X } from '@/features/groups';"],
      [feature, "export { x } from '@/features/groups/lib/x';"],
      [feature, "const m = await import('@/features/groups/routes/detail');"],
      [feature, "import { x } from '../../groups/lib/x';"],
      [feature, "import { x } from '../../../lib/format';"],
      ['web/src/features/users/index.ts', "import { x } from '../../lib/format';"],
      ['web/src/components/ui/table.tsx', "import { x } from '@/features/users/lib/x';"],
      ['shared/contracts/users.ts', "import { x } from '../../web/src/features/users/lib/x';"],
      ['functions/users/users.ts', "import { z } from 'zod';"],
      [feature, "const { z } = await import('zod/v4');"],
      ['functions/lib/files.ts', "import type { UploadedFile } from './http/multipart';"],
      ['functions/lib/storage/content-type.ts', "import { imageTypeOf } from '../http/uploads';"],
    ];
    for (const [path, text] of hits) expect(violations([{ path, text }]), text).toHaveLength(1);
    const allowed: Array<[string, string]> = [
      [feature, "import { x } from '@/features/users/lib/x';"],
      [feature, "import { x } from '../lib/x';"],
      [feature, "import { x } from '@/components/ui/table';"],
      [feature, "import * as z from 'zod/mini';"],
      ['web/src/features/users/components/list.test.ts', "import { x } from '../../../lib/format';"],
      ['web/src/app/router.tsx', "const m = await import('@/features/users/routes/list');"],
      [feature, "const text = `import('@/features/groups/x')`; // import '@/features/groups'"],
      ['functions/lib/http/uploads.ts', "import { imageTypeOf } from '../uploaded-file';"],
      ['functions/users/users.ts', "import { parseMultipart } from '../lib/http/multipart';"],
    ];
    for (const [path, text] of allowed) expect(violations([{ path, text }]), text).toEqual([]);
  });
});
