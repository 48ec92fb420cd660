import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import {
  BUNDLE_SIZE_BUDGET_KB,
  bundlingFor,
  esbuildOptions,
  FILE_BUNDLE_SIZE_BUDGET_KB,
  type FunctionBundling,
} from '../infra/bundling';
import { handlerEntry } from '../infra/paths';
import { contracts } from '../shared/contracts';
import { median } from './stats';

export const title = 'bundle size and import time of every function, beside a hello-world handler';

/** Fresh Node processes per bundle; the median is reported. */
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** A bundle whose time-to-ready is more than this many times the hello-world's is flagged. */
const MAX_RATIO = 2;
const HELLO = 'hello-world (baseline)';
const HELLO_ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'hello-world.ts');

/**
 * What the child process runs: import the bundle, check it exports a handler, and report two times. `import` is the
 * import alone; `ready` is from the process's start (performance.timeOrigin) to the handler being loaded, which is
 * what a cold start pays on top of the runtime's own start.
 */
const PROBE = `
const { performance } = await import('node:perf_hooks');
const { pathToFileURL } = await import('node:url');
const start = performance.now();
const mod = await import(pathToFileURL(process.env.BENCH_BUNDLE).href);
const end = performance.now();
if (typeof mod.handler !== 'function') throw new Error('no handler export');
process.stdout.write(JSON.stringify({ importMs: end - start, readyMs: end }));
`;

/**
 * What a Lambda function has in its environment at import time: the portal's variables (dummies) and credentials
 * in environment variables. Nothing may call AWS at import: module scope only constructs clients.
 */
const CHILD_ENV: Record<string, string> = {
  PATH: process.env.PATH ?? '',
  AWS_REGION: 'us-east-1',
  AWS_DEFAULT_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'bench',
  AWS_SECRET_ACCESS_KEY: 'bench',
  AWS_EC2_METADATA_DISABLED: 'true',
  TABLE_NAME: 'bench-table',
  USER_POOL_ID: 'us-east-1_bench',
  USER_POOL_CLIENT_ID: 'bench-client',
  ASSETS_BUCKET: 'bench-assets',
  DOCUMENTS_BUCKET: 'bench-documents',
  MAIL_FROM: 'bench@example.com',
  PORTAL_URL: 'https://portal.example.invalid',
};

interface Bundle {
  name: string;
  /** Answers a file (PDF, later exports): its own, larger size budget and no ready-time budget. */
  answersFile?: boolean;
  file: string;
  bytes: number;
  gzipBytes: number;
  metafile: Metafile;
}

interface Timing {
  importMs: number;
  readyMs: number;
}

async function bundle(name: string, entry: string, dir: string, fn?: FunctionBundling): Promise<Bundle> {
  const file = path.join(dir, `${name.replace(/[^\w.-]+/g, '_')}.mjs`);
  const result = await build(esbuildOptions(entry, file, fn));
  if (!result.metafile) throw new Error(`esbuild gave no metafile for ${name}`);
  return {
    name,
    file,
    bytes: statSync(file).size,
    gzipBytes: gzipSync(readFileSync(file)).length,
    metafile: result.metafile,
  };
}

function probe(file: string, cwd: string): Promise<Timing> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', PROBE], {
      cwd,
      env: { ...CHILD_ENV, BENCH_BUNDLE: file },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) {
        reject(new Error(`import of ${path.basename(file)} failed (exit ${code}):\n${err.trim()}`));
        return;
      }
      resolve(JSON.parse(out) as Timing);
    });
  });
}

/**
 * Probes every bundle once per round, RUNS rounds, and keeps each one's median: interleaving spreads any drift in
 * machine load over all bundles alike instead of penalizing whichever ran during a busy moment.
 */
async function measureAll(files: string[], cwd: string): Promise<Timing[]> {
  const runs: Timing[][] = files.map(() => []);
  for (let round = 0; round < RUNS; round++) {
    for (const [i, file] of files.entries()) runs[i]?.push(await probe(file, cwd));
  }
  return runs.map((r) => ({ importMs: median(r.map((t) => t.importMs)), readyMs: median(r.map((t) => t.readyMs)) }));
}

/** The packages that weigh most in a bundle (bytes in the output). */
function heaviest(metafile: Metafile, count: number): string {
  const output = Object.values(metafile.outputs)[0];
  const byPackage = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(output?.inputs ?? {})) {
    const match = input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
    const key = match?.[1] ?? '(project code)';
    byPackage.set(key, (byPackage.get(key) ?? 0) + bytesInOutput);
  }
  return [...byPackage]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, bytes]) => `${name} ${(bytes / 1024).toFixed(0)} KB`)
    .join(', ');
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

export async function run(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  try {
    const handlers = [...new Set(contracts.map((c) => c.handler))].sort();
    const fileHandlers = new Set(contracts.filter((c) => c.fileResponse).map((c) => c.handler));
    console.log(`Bundling ${handlers.length} handlers with infra/bundling.ts into ${dir} ...`);
    const hello = await bundle(HELLO, HELLO_ENTRY, dir);
    const bundles = await Promise.all(
      handlers.map(async (handler) => ({
        ...(await bundle(
          handler,
          handlerEntry(handler),
          dir,
          bundlingFor(contracts.filter((c) => c.handler === handler)),
        )),
        answersFile: fileHandlers.has(handler),
      })),
    );

    console.log(`Timing imports in fresh Node ${process.version} processes, median of ${RUNS} rounds ...\n`);
    const [baseline, ...timings] = await measureAll([hello.file, ...bundles.map((b) => b.file)], dir);
    if (!baseline) throw new Error('no baseline timing');
    const rows: Array<{ b: Bundle; t: Timing; flags: string[] }> = [{ b: hello, t: baseline, flags: [] }];
    for (const [i, b] of bundles.entries()) {
      const t = timings[i] as Timing;
      const flags: string[] = [];
      const budget = b.answersFile ? FILE_BUNDLE_SIZE_BUDGET_KB : BUNDLE_SIZE_BUDGET_KB;
      if (b.bytes > budget * 1024) flags.push(`>${budget}KB`);
      if (!b.answersFile && t.readyMs / baseline.readyMs > MAX_RATIO) flags.push(`>${MAX_RATIO}x`);
      rows.push({ b, t, flags });
    }

    const width = Math.max(...rows.map((r) => r.b.name.length));
    const header = `${'function'.padEnd(width)}  ${'size KB'.padStart(8)}  ${'gzip KB'.padStart(8)}  ${'import ms'.padStart(9)}  ${'ready ms'.padStart(8)}  ${'ratio'.padStart(6)}  flags`;
    console.log(header);
    console.log('-'.repeat(header.length + 8));
    for (const { b, t, flags } of rows) {
      console.log(
        `${b.name.padEnd(width)}  ${kb(b.bytes).padStart(8)}  ${kb(b.gzipBytes).padStart(8)}  ${t.importMs.toFixed(1).padStart(9)}  ${t.readyMs.toFixed(1).padStart(8)}  ${(t.readyMs / baseline.readyMs).toFixed(2).padStart(5)}x  ${flags.join(' ')}`,
      );
    }

    console.log(
      `\nsize: minified ESM bundle (infra/bundling.ts); import: the import alone; ready: Node process start to handler` +
        `\nloaded; ratio: ready / hello-world ready. Flags: over ${BUNDLE_SIZE_BUDGET_KB} KB (functions answering a file:` +
        ` ${FILE_BUNDLE_SIZE_BUDGET_KB} KB), or ratio over ${MAX_RATIO}x (not for those).`,
    );
    console.log('');
    for (const [label, group] of [
      ['typical functions', rows.slice(1).filter((r) => !r.b.answersFile)],
      ['functions answering a file', rows.slice(1).filter((r) => r.b.answersFile)],
    ] as const) {
      if (group.length === 0) continue;
      const sizes = group.map((r) => r.b.bytes);
      const gzips = group.map((r) => r.b.gzipBytes);
      const ratios = group.map((r) => r.t.readyMs / baseline.readyMs);
      console.log(
        `${label} (${group.length}): size median ${kb(median(sizes))} KB, max ${kb(Math.max(...sizes))} KB;` +
          ` gzip median ${kb(median(gzips))} KB, max ${kb(Math.max(...gzips))} KB;` +
          ` ratio median ${median(ratios).toFixed(2)}x, max ${Math.max(...ratios).toFixed(2)}x`,
      );
    }
    const flagged = rows.filter((r) => r.flags.length > 0);
    console.log(`\n${flagged.length} of ${bundles.length} functions flagged.`);
    if (flagged.length > 0) {
      console.log('Heaviest packages of the flagged bundles:');
      const groups = new Map<string, string[]>();
      for (const { b } of flagged) {
        const key = heaviest(b.metafile, 4);
        groups.set(key, [...(groups.get(key) ?? []), b.name]);
      }
      for (const [key, names] of groups) {
        const who =
          names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', ');
        console.log(`  ${key}\n    in ${who}`);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
