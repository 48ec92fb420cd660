import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { bundlingFor, esbuildOptions, type FunctionBundling } from '../infra/bundling';
import { handlerEntry } from '../infra/paths';
import { WEIGHT_BUDGETS } from '../infra/weight-budgets';
import { contracts } from '../shared/contracts';
import { type Contract, fillPath } from '../shared/contracts/define';
import { requiredQueryValues, sampleBody } from '../test/helpers/contract-inputs';
import { type AwsStub, startAwsStub } from './aws-stub';
import { median } from './stats';

export const title = 'bundle size and cold start (import and first call) of every function, beside hello-worlds';

/** Fresh Node processes per bundle; the median is reported. */
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const { coldStartRatio: MAX_RATIO, functionKb, fileFunctionKb } = WEIGHT_BUDGETS;
const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const HELLO = 'hello-world (baseline)';
const HELLO_SIGNED = 'hello-world + 1 signed read';

/**
 * What the child process runs: import the bundle, then call its handler once, and report the times. `import` is the
 * import alone; `ready` is from the process's start (performance.timeOrigin) to the handler being loaded; `call` is
 * the first call, whose first fetch loads Node's HTTP client (undici) and signs; `cold` = ready + call, what a cold
 * start pays on top of the runtime's own start. The figures are the last line (the function's logs come before).
 */
const PROBE = `
const { performance } = await import('node:perf_hooks');
const { pathToFileURL } = await import('node:url');
const start = performance.now();
const mod = await import(pathToFileURL(process.env.BENCH_BUNDLE).href);
const ready = performance.now();
if (typeof mod.handler !== 'function') throw new Error('no handler export');
const context = { functionName: 'bench', awsRequestId: 'bench', getRemainingTimeInMillis: () => 30000 };
const answer = await mod.handler(JSON.parse(process.env.BENCH_EVENT), context);
const called = performance.now();
const times = { importMs: ready - start, readyMs: ready, callMs: called - ready, status: answer?.statusCode ?? 0 };
process.stdout.write('\\n' + JSON.stringify(times) + '\\n');
`;

/**
 * The first request of each public contract: one its schema accepts, so the call goes past validation to the
 * function's own work (a protected contract's goes as far as the token check and the caller's record whatever it
 * sends: the bench signs in as a SUPER_ADMIN the stub knows).
 */
const TOKEN = 'b'.repeat(32);
const PASSWORD = 'Bench-password-1';
const PUBLIC_INPUTS: Record<string, { query?: Record<string, string>; body?: Record<string, unknown> }> = {
  getHealth: {},
  postPersonalizationLogin: { body: { custom_portal_url: 'https://portal.example.invalid' } },
  postSessionLogout: { body: { refresh: TOKEN } },
  postToken: { body: { email: 'bench@example.com', password: PASSWORD } },
  postTokenRefresh: { body: { refresh: TOKEN } },
  confirmEmailChange: { body: { token: TOKEN } },
  unsubscribeDocumentDigest: { body: { token: TOKEN } },
  confirmPasswordReset: { query: { token: TOKEN } },
  verifyInvitation: { query: { token: TOKEN } },
  registerInvitation: {
    body: {
      token: TOKEN,
      first_name: 'Bench',
      last_name: 'Admin',
      password: PASSWORD,
      password_confirmation: PASSWORD,
    },
  },
  requestPasswordReset: { body: { email: 'bench@example.com' } },
  resetPassword: { body: { token: TOKEN, password: PASSWORD, password_confirmation: PASSWORD } },
  downloadSharedDocument: { query: { token: TOKEN, format: 'json' } },
  postContactEmail: { body: { email: 'bench@example.com', subject: 'Consulta', description: 'Una consulta.' } },
};

/**
 * A public contract's first request when it has none above: the shared valid samples of its required fields (the
 * matrices' own, test/helpers/contract-inputs.ts), so a new public contract is measured without an entry here.
 */
function sampledInput(contract: Contract) {
  const query = Object.fromEntries(requiredQueryValues(contract));
  const body = sampleBody(contract, (_kind, list) => (list ? [randomUUID()] : randomUUID()));
  return { query, ...(body && { body }) };
}

/** The API Gateway event of a function's first request (the first of its contracts). */
function firstEvent(contract: Contract | undefined, stub: AwsStub): object {
  if (!contract) return {};
  const params = Object.fromEntries([...contract.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1], randomUUID()]));
  const input = PUBLIC_INPUTS[contract.id] ?? (contract.access === 'public' ? sampledInput(contract) : {});
  if (contract.access === 'public') {
    for (const [part, value] of [
      ['query', input.query ?? {}],
      ['body', input.body ?? {}],
    ] as const) {
      const schema = contract[part] as { safeParse?: (v: unknown) => { success: boolean } } | undefined;
      if (schema?.safeParse && !schema.safeParse(value).success) {
        throw new Error(`The bench's first ${part} of ${contract.id} no longer fits its contract`);
      }
    }
  }
  const rawPath = `/${fillPath(contract.path, params)}`;
  return {
    version: '2.0',
    routeKey: `${contract.method} ${rawPath}`,
    rawPath,
    rawQueryString: new URLSearchParams(input.query ?? {}).toString(),
    headers: {
      'content-type': 'application/json',
      'x-portal-origin': stub.portal,
      'x-portal-viewer-ip': '10.0.0.1',
      ...(contract.access !== 'public' && { authorization: `Bearer ${stub.token}` }),
    },
    queryStringParameters: input.query,
    pathParameters: Object.keys(params).length > 0 ? params : undefined,
    requestContext: {
      http: { method: contract.method, path: rawPath, protocol: 'HTTP/1.1', sourceIp: '10.0.0.1', userAgent: 'bench' },
      requestId: 'bench',
      timeEpoch: Date.now(),
    },
    body: input.body ? JSON.stringify(input.body) : undefined,
    isBase64Encoded: false,
  };
}

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
  /** The event of its first call. */
  event: object;
}

interface Timing {
  importMs: number;
  readyMs: number;
  callMs: number;
  status: number;
  /** Signed requests the first call sent (the stub's count). */
  signed: number;
  /** For an answer of 500 or more: the function's last error log line, so the figure says why. */
  why?: string;
}

/** The last error a function logged (Powertools' JSON lines), shortened: its message and its error's. */
function lastError(lines: string[]): string | undefined {
  for (const line of [...lines].reverse()) {
    try {
      const entry = JSON.parse(line) as {
        level?: string;
        message?: string;
        error?: { name?: string; message?: string; location?: string };
      };
      if (entry.level === 'ERROR') {
        const { name, message, location } = entry.error ?? {};
        return [entry.message, name, message, location].filter(Boolean).join(': ').slice(0, 240);
      }
    } catch {
      // not a log line
    }
  }
  return undefined;
}

const coldMs = (t: Timing) => t.readyMs + t.callMs;

async function bundle(name: string, entry: string, dir: string, event: object, fn?: FunctionBundling): Promise<Bundle> {
  const file = path.join(dir, `${name.replace(/[^\w.-]+/g, '_')}.mjs`);
  const result = await build(esbuildOptions(entry, file, fn));
  if (!result.metafile) throw new Error(`esbuild gave no metafile for ${name}`);
  return {
    name,
    file,
    bytes: statSync(file).size,
    gzipBytes: gzipSync(readFileSync(file)).length,
    metafile: result.metafile,
    event,
  };
}

function probe(b: Bundle, cwd: string, stub: AwsStub): Promise<Timing> {
  const signedBefore = stub.signed();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', PROBE], {
      cwd,
      env: { ...CHILD_ENV, ...stub.env, BENCH_BUNDLE: b.file, BENCH_EVENT: JSON.stringify(b.event) },
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
        reject(new Error(`cold start of ${b.name} failed (exit ${code}):\n${err.trim()}`));
        return;
      }
      const lines = out.trim().split('\n');
      const timing = JSON.parse(lines.at(-1) ?? '{}') as Omit<Timing, 'signed'>;
      // Powertools writes errors to stderr, the rest to stdout.
      const logged = [...lines.slice(0, -1), ...err.trim().split('\n')];
      const why = timing.status >= 500 ? (lastError(logged) ?? err.trim().slice(0, 200)) : undefined;
      resolve({ ...timing, signed: stub.signed() - signedBefore, ...(why && { why }) });
    });
  });
}

/**
 * Probes every bundle once per round, RUNS rounds, and keeps each one's median: interleaving spreads any drift in
 * machine load over all bundles alike instead of penalizing whichever ran during a busy moment.
 */
async function measureAll(bundles: Bundle[], cwd: string, stub: AwsStub): Promise<Timing[]> {
  const runs: Timing[][] = bundles.map(() => []);
  for (let round = 0; round < RUNS; round++) {
    for (const [i, b] of bundles.entries()) runs[i]?.push(await probe(b, cwd, stub));
  }
  const of = (r: Timing[], key: 'importMs' | 'readyMs' | 'callMs' | 'signed') => median(r.map((t) => t[key]));
  return runs.map((r) => ({
    importMs: of(r, 'importMs'),
    readyMs: of(r, 'readyMs'),
    callMs: of(r, 'callMs'),
    signed: of(r, 'signed'),
    status: r[0]?.status ?? 0,
    why: r[0]?.why,
  }));
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
  const stub = await startAwsStub();
  try {
    const handlers = [...new Set(contracts.map((c) => c.handler))].sort();
    const fileHandlers = new Set(contracts.filter((c) => c.fileResponse).map((c) => c.handler));
    console.log(`Bundling ${handlers.length} handlers with infra/bundling.ts into ${dir} ...`);
    const hello = await bundle(HELLO, path.join(FIXTURES, 'hello-world.ts'), dir, {});
    const helloSigned = await bundle(HELLO_SIGNED, path.join(FIXTURES, 'hello-world-signed.ts'), dir, {});
    const bundles = await Promise.all(
      handlers.map(async (handler) => {
        const served = contracts.filter((c) => c.handler === handler);
        const event = firstEvent(served[0], stub);
        return {
          ...(await bundle(handler, handlerEntry(handler), dir, event, bundlingFor(served))),
          answersFile: fileHandlers.has(handler),
        };
      }),
    );

    console.log(`Timing cold starts in fresh Node ${process.version} processes, median of ${RUNS} rounds ...\n`);
    const [bare, baseline, ...timings] = await measureAll([hello, helloSigned, ...bundles], dir, stub);
    if (!bare || !baseline) throw new Error('no baseline timing');
    const rows: Array<{ b: Bundle; t: Timing; flags: string[] }> = [
      { b: hello, t: bare, flags: [] },
      { b: helloSigned, t: baseline, flags: [] },
    ];
    for (const [i, b] of bundles.entries()) {
      const t = timings[i] as Timing;
      const flags: string[] = [];
      const budget = b.answersFile ? fileFunctionKb : functionKb;
      if (b.bytes > budget * 1024) flags.push(`>${budget}KB`);
      if (!b.answersFile && coldMs(t) / coldMs(baseline) > MAX_RATIO) flags.push(`>${MAX_RATIO}x`);
      rows.push({ b, t, flags });
    }

    const width = Math.max(...rows.map((r) => r.b.name.length));
    const columns = ['size KB', 'gzip KB', 'import ms', 'ready ms', '1st call ms', 'cold ms', 'signed', 'status'];
    const header = `${'function'.padEnd(width)}  ${columns.map((c) => c.padStart(8)).join('  ')}   ratio  flags`;
    console.log(header);
    console.log('-'.repeat(header.length + 8));
    for (const { b, t, flags } of rows) {
      const cells = [
        kb(b.bytes),
        kb(b.gzipBytes),
        t.importMs.toFixed(1),
        t.readyMs.toFixed(1),
        t.callMs.toFixed(1),
        coldMs(t).toFixed(1),
        String(t.signed),
        String(t.status),
      ].map((cell, i) => cell.padStart(Math.max(8, columns[i]?.length ?? 0)));
      const ratio = `${(coldMs(t) / coldMs(baseline)).toFixed(2)}x`.padStart(7);
      console.log(`${b.name.padEnd(width)}  ${cells.join('  ')}  ${ratio}  ${flags.join(' ')}`);
    }

    const failing = rows.filter((r) => r.t.status >= 500);
    if (failing.length > 0) {
      console.log(`\nAnswered 500 or more against the stand-in (its other services answer an empty success):`);
      for (const { b, t } of failing) console.log(`  ${b.name}: ${t.why ?? '(nothing logged)'}`);
    }
    console.log(
      `\nsize: minified ESM bundle (infra/bundling.ts); import: the import alone; ready: Node process start to handler` +
        `\nloaded; 1st call: the handler's first invocation (a SUPER_ADMIN's request, or a valid public one), whose` +
        `\nfirst fetch loads undici and signs; cold: ready + 1st call; signed: signed requests it sent to the local AWS` +
        `\nstand-in (bench/aws-stub.ts); status: its answer. ratio: cold / cold of '${HELLO_SIGNED}'.` +
        `\nFlags (infra/weight-budgets.ts): over ${functionKb} KB (functions answering a file: ${fileFunctionKb} KB),` +
        ` or ratio over ${MAX_RATIO}x (not for those).`,
    );
    console.log(
      `The first signed read alone: cold ${coldMs(baseline).toFixed(1)} ms against ${coldMs(bare).toFixed(1)} ms` +
        ` for the bare hello-world (1st call ${baseline.callMs.toFixed(1)} ms against ${bare.callMs.toFixed(1)}).\n`,
    );
    for (const [label, group] of [
      ['typical functions', rows.slice(2).filter((r) => !r.b.answersFile)],
      ['functions answering a file', rows.slice(2).filter((r) => r.b.answersFile)],
    ] as const) {
      if (group.length === 0) continue;
      const sizes = group.map((r) => r.b.bytes);
      const gzips = group.map((r) => r.b.gzipBytes);
      const colds = group.map((r) => coldMs(r.t));
      const ratios = group.map((r) => coldMs(r.t) / coldMs(baseline));
      console.log(
        `${label} (${group.length}): size median ${kb(median(sizes))} KB, max ${kb(Math.max(...sizes))} KB;` +
          ` gzip median ${kb(median(gzips))} KB, max ${kb(Math.max(...gzips))} KB;` +
          ` cold median ${median(colds).toFixed(1)} ms, max ${Math.max(...colds).toFixed(1)} ms;` +
          ` ratio median ${median(ratios).toFixed(2)}x, max ${Math.max(...ratios).toFixed(2)}x`,
      );
    }
    const unsigned = rows.slice(2).filter((r) => r.t.signed === 0);
    if (unsigned.length > 0) {
      console.log(`First call sent no signed request: ${unsigned.map((r) => r.b.name).join(', ')}`);
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
    await stub.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
