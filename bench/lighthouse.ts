import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { median } from './stats';

export const title = 'Lighthouse on the production build of /login (mobile and desktop; mobile ≥ 95, LCP ≤ 2 s)';

/**
 * Lighthouse is not a dependency of the repo (it brings ~300 packages); it is resolved from LIGHTHOUSE_DIR, a folder
 * where it was installed on its own. Without it this bench says how to install it and skips (npm run bench exits 0).
 */
const INSTALL = 'mkdir -p /tmp/lh && cd /tmp/lh && npm init -y && npm install lighthouse@13 chrome-launcher';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CHROME_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];
const WEB = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'web');

interface Audit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  numericValue?: number;
  displayValue?: string;
  metricSavings?: Record<string, number>;
}

interface Lhr {
  categories: { performance: { score: number | null; auditRefs: { id: string; group?: string }[] } };
  audits: Record<string, Audit>;
  runtimeError?: { message: string };
}

type RunLighthouse = (url: string, flags: object, config?: object) => Promise<{ lhr: Lhr } | undefined>;
interface ChromeLauncher {
  launch(options: { chromePath: string; chromeFlags: string[] }): Promise<{ port: number; kill(): void }>;
}

async function loadLighthouse(): Promise<{ lighthouse: RunLighthouse; launcher: ChromeLauncher } | string> {
  const dir = process.env.LIGHTHOUSE_DIR;
  if (!dir)
    return `LIGHTHOUSE_DIR is not set. Install Lighthouse outside the repo: ${INSTALL}; then LIGHTHOUSE_DIR=/tmp/lh npm run bench -- lighthouse`;
  const require = createRequire(path.join(path.resolve(dir), 'package.json'));
  try {
    const lighthouse = (await import(pathToFileURL(require.resolve('lighthouse')).href)) as { default: RunLighthouse };
    const launcher = (await import(pathToFileURL(require.resolve('chrome-launcher')).href)) as ChromeLauncher;
    return { lighthouse: lighthouse.default, launcher };
  } catch (error) {
    return `Lighthouse or chrome-launcher not found in LIGHTHOUSE_DIR=${dir} (${(error as Error).message.split('\n')[0]}). Install: ${INSTALL}`;
  }
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

/**
 * The build served as CloudFront serves it: compressed (brotli, else gzip), hashed assets cached for a year, any
 * other path answered with index.html (the SPA's routes). The API is absent: the login's branding request gets the
 * 404 an origin no project brands gets (auth.ts postPersonalizationLogin), so the plain login is what is measured.
 */
function serve(root: string) {
  const cache = new Map<string, { br: Buffer; gzip: Buffer; raw: Buffer }>();
  const encoded = (file: string) => {
    let entry = cache.get(file);
    if (!entry) {
      const raw = readFileSync(file);
      entry = {
        raw,
        br: brotliCompressSync(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: gzipSync(raw, { level: 9 }),
      };
      cache.set(file, entry);
    }
    return entry;
  };
  // Compressed before the first request, so no run pays brotli's time (it would make the first run an outlier).
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((item) =>
      item.isDirectory() ? walk(path.join(dir, item.name)) : [path.join(dir, item.name)],
    );
  for (const file of walk(root)) encoded(file);
  return createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname.startsWith('/api/')) {
      response.writeHead(404, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      response.end(JSON.stringify({ code: 'NOT_FOUND' }));
      return;
    }
    let file = path.join(root, path.normalize(url.pathname));
    const asset = file.startsWith(root) && existsSync(file) && statSync(file).isFile();
    if (!asset) file = path.join(root, 'index.html');
    const accept = String(request.headers['accept-encoding'] ?? '');
    const entry = encoded(file);
    const [encoding, body] = accept.includes('br')
      ? ['br', entry.br]
      : accept.includes('gzip')
        ? ['gzip', entry.gzip]
        : [undefined, entry.raw];
    response.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': url.pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...(encoding ? { 'content-encoding': encoding, vary: 'accept-encoding' } : {}),
    });
    response.end(body);
  });
}

interface Figures {
  score: number;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  si: number;
}

function figures(lhr: Lhr): Figures {
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcp: value('largest-contentful-paint'),
    fcp: value('first-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    si: value('speed-index'),
  };
}

/** The performance audits that did not pass, the ones that would save the most LCP/FCP first. */
function opportunities(lhr: Lhr): string[] {
  const ids = lhr.categories.performance.auditRefs.filter((ref) => ref.group !== 'metrics').map((ref) => ref.id);
  return ids
    .map((id) => lhr.audits[id])
    .filter((audit): audit is Audit => !!audit && audit.score !== null && audit.score < 0.9)
    .filter((audit) => audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'notApplicable')
    .map((audit) => ({ audit, saves: (audit.metricSavings?.LCP ?? 0) + (audit.metricSavings?.FCP ?? 0) }))
    .sort((a, b) => b.saves - a.saves)
    .slice(0, 6)
    .map(
      ({ audit, saves }) =>
        `${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}${saves ? `, saves ~${Math.round(saves)} ms of LCP+FCP` : ''}`,
    );
}

function row(label: string, f: Figures): string {
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  return `${label.padEnd(22)} ${String(f.score).padStart(5)}  ${s(f.lcp).padStart(7)}  ${s(f.fcp).padStart(7)}  ${`${Math.round(f.tbt)} ms`.padStart(7)}  ${f.cls.toFixed(3).padStart(6)}  ${s(f.si).padStart(7)}`;
}

export async function run(): Promise<void> {
  const loaded = await loadLighthouse();
  if (typeof loaded === 'string') {
    console.log(`Skipped: ${loaded}`);
    return;
  }
  const chromePath = process.env.CHROME_PATH ?? CHROME_CANDIDATES.find((candidate) => existsSync(candidate));
  if (!chromePath) {
    console.log('Skipped: no Chromium found (set CHROME_PATH, or apt-get install -y chromium)');
    return;
  }

  const outDir = mkdtempSync(path.join(tmpdir(), 'portal-lighthouse-'));
  const { build } = await import('vite');
  await build({
    configFile: path.join(WEB, 'vite.config.ts'),
    logLevel: 'error',
    build: { outDir, emptyOutDir: true },
  });
  const server = serve(outDir);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/login`;
  const chrome = await loaded.launcher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
  try {
    console.log(`${url}, ${RUNS} runs per form factor, simulated throttling; median in the last row of each\n`);
    console.log(`${'run'.padEnd(22)} score      LCP      FCP      TBT     CLS       SI`);
    const desktop = (await import(
      pathToFileURL(
        createRequire(path.join(path.resolve(process.env.LIGHTHOUSE_DIR as string), 'package.json')).resolve(
          'lighthouse/core/config/desktop-config.js',
        ),
      ).href
    )) as { default: object };
    for (const [formFactor, config] of [
      ['mobile', undefined],
      ['desktop', desktop.default],
    ] as const) {
      const runs: Figures[] = [];
      let last: Lhr | undefined;
      for (let index = 0; index < RUNS; index++) {
        const result = await loaded.lighthouse(
          url,
          { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error', output: 'json' },
          config,
        );
        if (!result || result.lhr.runtimeError)
          throw new Error(`Lighthouse failed: ${result?.lhr.runtimeError?.message}`);
        last = result.lhr;
        runs.push(figures(result.lhr));
        console.log(row(`${formFactor} #${index + 1}`, runs[index] as Figures));
      }
      const med: Figures = {
        score: median(runs.map((f) => f.score)),
        lcp: median(runs.map((f) => f.lcp)),
        fcp: median(runs.map((f) => f.fcp)),
        tbt: median(runs.map((f) => f.tbt)),
        cls: median(runs.map((f) => f.cls)),
        si: median(runs.map((f) => f.si)),
      };
      console.log(row(`${formFactor} median`, med));
      const open = last ? opportunities(last) : [];
      if (open.length > 0) console.log(`  not passed (last run): \n    ${open.join('\n    ')}`);
      console.log('');
    }
  } finally {
    chrome.kill();
    server.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}
