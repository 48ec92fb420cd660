/**
 * The JS a visitor downloads to see /login, against its budget (infra/weight-budgets.ts): builds the SPA into a
 * temporary folder with a manifest, then sums the gzip sizes of the entry chunk, the login route's chunk and their
 * static imports.
 * Run: `npx tsx web/first-load.ts`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { WEIGHT_BUDGETS } from '../infra/weight-budgets';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

const LOGIN_ROUTE = 'src/features/auth/routes/login.tsx';

const outDir = mkdtempSync(join(tmpdir(), 'portal-first-load-'));
try {
  await build({
    configFile: join(import.meta.dirname, 'vite.config.ts'),
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, manifest: true },
  });
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const loaded = new Set<string>();
  const visit = (key: string) => {
    if (loaded.has(key)) return;
    loaded.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  // Every entry: the bundle and the boot script that index.html loads beside it (vite-plugin-first-load.ts).
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (entries.length === 0 || !manifest[LOGIN_ROUTE]) throw new Error('entry or login route missing from the manifest');
  for (const entry of entries) visit(entry);
  visit(LOGIN_ROUTE);
  let total = 0;
  for (const key of loaded) {
    const file = manifest[key]?.file as string;
    const size = gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
    total += size;
    console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
  }
  console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  first load of /login, gzipped, in ${loaded.size} files`);
  const budget = WEIGHT_BUDGETS.firstLoadGzipKb;
  console.log(total > budget * 1024 ? `Over the budget of ${budget} KB.` : `Within the budget of ${budget} KB.`);
  if (total > budget * 1024) process.exitCode = 1;
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
