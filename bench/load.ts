import { loadavg } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { GetCommand } from '../functions/lib/aws/dynamo-commands';
import { DEMO_ACCOUNTS } from '../local/demo-accounts';
import { FAULT_PLAN_HEADER, FAULTS_INJECTED_HEADER, formatPlan } from '../local/faults';
import { startPortal } from '../local/portal';
import { demoToken } from './harness';

export const title =
  'load (50 and 200 signed-in users across roles, a realistic mix) and soak (BENCH_SOAK_MINUTES under faults at a low rate)';

/**
 * Load and soak against the local gateway (the handlers in this process, the AWS stand-ins
 * beside it). Each virtual user is a session of its own (a sign-in of a demo account of its role) looping over what
 * that role does: lists, a society's detail, its document tree, its four statements, notifications, and for the
 * admins a document upload. Every answer but a
 * 2xx is an error (there must be none); p50/p95/p99 are printed beside a bare DynamoDB GetItem timed in the same run,
 * with the machine's load average. The soak then runs the same mix for BENCH_SOAK_MINUTES (15 by default) with every
 * request carrying a fault plan at SOAK_FAULT_RATE: each upload the portal acknowledged (201) must be in the table
 * afterwards (zero lost writes), and the heap is sampled after a full GC every 30 s: flat is judged by its trend
 * after warm-up (heapVerdict).
 */
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 20);
const LEVELS = (process.env.BENCH_LOAD_USERS ?? '50,200').split(',').map(Number);
const SOAK_MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 15);
const SOAK_USERS = Number(process.env.BENCH_SOAK_USERS ?? 20);
const SOAK_FAULT_RATE = Number(process.env.BENCH_SOAK_FAULT_RATE ?? 0.02);
const SOAK_SEED = 20_260_124;
const PDF = new TextEncoder().encode('%PDF-1.4\n% carga\n%%EOF\n');

interface Session {
  role: string;
  token: string;
}
type Step = (session: Session) => { path: string; init?: RequestInit; upload?: boolean };

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number);
const figures = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms`;
};
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * A full collection on demand: V8's gc(), exposed at run time so `npm run bench` needs no node flag. Heap samples taken
 * after it hold what the process keeps, not garbage waiting for the next collection.
 */
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/** Heap samples every 30 s; the first WARM_UP_MINUTES are the handlers' modules and caches loading, not judged. */
const SAMPLE_MS = 30_000;
const WARM_UP_MINUTES = 3;
/** Flat: the heap's trend after warm-up (least squares over the samples) adds less than this over the soak. */
const FLAT_MB = 20;

function heapVerdict(samples: Array<{ at: number; heap: number }>): { flat: boolean; text: string } {
  const settled = samples.filter((s) => s.at >= WARM_UP_MINUTES);
  if (settled.length < 3)
    return { flat: true, text: `heap: ${settled.length} samples after warm-up, too few to judge a trend` };
  const n = settled.length;
  const meanAt = settled.reduce((sum, s) => sum + s.at, 0) / n;
  const meanHeap = settled.reduce((sum, s) => sum + s.heap, 0) / n;
  const slope =
    settled.reduce((sum, s) => sum + (s.at - meanAt) * (s.heap - meanHeap), 0) /
    settled.reduce((sum, s) => sum + (s.at - meanAt) ** 2, 0);
  const span = (settled[n - 1]?.at ?? 0) - (settled[0]?.at ?? 0);
  const growth = (slope * span) / 1024 / 1024;
  const flat = growth < FLAT_MB;
  return {
    flat,
    text: `heap after ${WARM_UP_MINUTES} min warm-up: trend ${(slope / 1024 / 1024).toFixed(2)} MB/min over ${span.toFixed(1)} min (${growth.toFixed(1)} MB, flat below ${FLAT_MB} MB): ${flat ? 'flat' : 'GROWING'}`,
  };
}

export async function run(): Promise<void> {
  process.env.POWERTOOLS_LOG_LEVEL = 'ERROR';
  const portal = await startPortal({ mode: 'test', web: false, faults: 'on' });
  try {
    const { dynamo } = await import('../functions/lib/aws/dynamo');
    const { getDocument } = await import('../functions/lib/data/documents');
    const demo = portal.demo;
    const society = demo.societies.minera;
    const admins = new Set(['SUPER_ADMIN', 'PROJECT_ADMIN', 'GROUP_ADMIN']);

    // The demo society's statements (seeded ledger): the spec's call without an assignment; an admin sees the
    // societies of its scope, a client those an enabled assignment of the type opens for it (the demo has one each).
    const statements: Step[] = [
      'balance8columns/report/',
      'financial-situation/report/',
      'status-results/report/',
      'cashflow/report/',
    ].map((path) => () => ({ path: `api/v1/accounting/${path}?society=${society}` }));
    const MIX: Record<string, Step[]> = {
      SUPER_ADMIN: [
        () => ({ path: 'api/v1/projects/project/?limit=15' }),
        () => ({ path: 'api/v1/societies/society/?limit=15' }),
        () => ({ path: 'api/v1/users/user/?limit=15' }),
        () => ({ path: `api/v1/societies/society/${society}/` }),
      ],
      PROJECT_ADMIN: [
        () => ({ path: 'api/v1/groups/group/?limit=15' }),
        () => ({ path: 'api/v1/societies/society/?limit=15&ordering=society_business_name' }),
        () => ({ path: 'api/v1/users/user/?limit=15&search=a' }),
        () => ({ path: `api/v1/societies/society/${society}/` }),
      ],
      GROUP_ADMIN: [
        () => ({ path: 'api/v1/societies/society/?limit=15' }),
        () => ({ path: 'api/v1/users/user/?limit=15' }),
        () => ({ path: 'api/v1/documents/notification/' }),
      ],
      USER_GROUP: [() => ({ path: 'api/v1/documents/notification/' }), () => ({ path: 'api/v1/users/info/' })],
      USER_SOCIETY: [() => ({ path: 'api/v1/documents/notification/' }), () => ({ path: 'api/v1/users/info/' })],
    };
    // The society's document tree: the manager for admins, the browser for the others.
    const documentTree: Record<string, Step> = {
      admin: () => ({ path: `api/v1/folders/list?society=${society}` }),
      client: () => ({ path: `api/v1/folders/user/list?society=${society}` }),
    };
    for (const [role, steps] of Object.entries(MIX))
      steps.push(...statements, documentTree[admins.has(role) ? 'admin' : 'client'] as Step);
    const uploadStep: Step = () => {
      const form = new FormData();
      // A document goes in a folder or under a tax form and year (a place of its own each time: names are unique there).
      form.set('society', society);
      form.set('form', 'F29');
      form.set('year', String(2017 + Math.floor(Math.random() * 9)));
      form.set(
        'file',
        new Blob([PDF], { type: 'application/pdf' }),
        `carga-${Math.random().toString(36).slice(2)}.pdf`,
      );
      return { path: 'api/v1/documents/document/', init: { method: 'POST', body: form }, upload: true };
    };

    const signIn = (email: string) =>
      demoToken(portal.apiUrl, email, {
        'x-portal-viewer-ip': `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      });
    /** One session per virtual user, the roles in turn (the demo accounts the seed made, one per role). */
    const sessions = async (count: number): Promise<Session[]> => {
      const made: Session[] = [];
      for (let i = 0; i < count; i += 10) {
        const batch = Array.from(
          { length: Math.min(10, count - i) },
          (_, j) => DEMO_ACCOUNTS[(i + j) % DEMO_ACCOUNTS.length],
        );
        made.push(
          ...(await Promise.all(
            batch.map(async (account) => ({
              role: account?.role as string,
              token: await signIn(account?.email as string),
            })),
          )),
        );
      }
      return made;
    };

    /** Runs the mix with one loop per session until `until`; returns times, errors and acknowledged uploads. */
    const drive = async (users: Session[], until: number, plan?: (n: number) => string) => {
      const times: number[] = [];
      const errors = new Map<string, number>();
      const acknowledged: string[] = [];
      let faulted = 0;
      let requests = 0;
      let busy = 0;
      const loop = async (session: Session, index: number) => {
        const steps = [...(MIX[session.role] ?? []), ...(admins.has(session.role) ? [uploadStep] : [])];
        for (let step = index; Date.now() < until; step++) {
          const { path, init, upload } = (steps[step % steps.length] as Step)(session);
          const n = requests++;
          const started = performance.now();
          const response = await fetch(`${portal.apiUrl}/${path}`, {
            ...init,
            headers: {
              authorization: `Bearer ${session.token}`,
              'x-portal-viewer-ip': '10.2.0.1',
              ...(plan && { [FAULT_PLAN_HEADER]: plan(n) }),
            },
          }).catch((error: Error) => error);
          if (response instanceof Error) {
            errors.set(`network ${response.message}`, (errors.get(`network ${response.message}`) ?? 0) + 1);
            continue;
          }
          const body = await response.text();
          times.push(performance.now() - started);
          if (response.headers.get(FAULTS_INJECTED_HEADER)) faulted += 1;
          // Under faults a 503 SERVICE_BUSY is the answer the portal promises (retry later), not an error.
          if (plan && response.status === 503 && body.includes('SERVICE_BUSY')) busy += 1;
          else if (response.status >= 300) {
            const code = /"code":"([A-Z_]+)"/.exec(body)?.[1];
            const key = `${init?.method ?? 'GET'} ${path.split('?')[0]} ${response.status}${code ? ` ${code}` : ''}`;
            errors.set(key, (errors.get(key) ?? 0) + 1);
          } else if (upload) acknowledged.push((JSON.parse(body) as { uuid: string }).uuid);
        }
      };
      await Promise.all(users.map(loop));
      return { times, errors, acknowledged, faulted, requests, busy };
    };

    /** A bare DynamoDB call through the same light client, timed in the same run. */
    const bareGets = async (count: number) => {
      const times: number[] = [];
      for (let i = 0; i < count; i++) {
        const started = performance.now();
        await dynamo.send(
          new GetCommand({ TableName: portal.env.TABLE_NAME as string, Key: { pk: 'HEALTH', sk: 'HEALTH' } }),
        );
        times.push(performance.now() - started);
      }
      return times;
    };

    let failed = false;
    for (const level of LEVELS) {
      const users = await sessions(level);
      const loadBefore = load();
      const bare = bareGets(200);
      const result = await drive(users, Date.now() + LOAD_SECONDS * 1000);
      const bareTimes = await bare;
      const errors = [...result.errors].map(([k, n]) => `${k} ×${n}`);
      console.log(
        `${level} users, ${LOAD_SECONDS} s: ${result.times.length} requests (${(result.times.length / LOAD_SECONDS).toFixed(0)}/s), ${errors.length === 0 ? 0 : errors.join(', ')} errors`,
      );
      console.log(`  portal requests: ${figures(result.times)}`);
      console.log(`  bare GetItem (same run, same client): ${figures(bareTimes)}`);
      console.log(`  load average before: ${loadBefore}; after: ${load()} (1 / 5 / 15 min)`);
      if (errors.length > 0) failed = true;
    }

    // The soak: the same mix, every request under a fault plan at a low rate.
    const users = await sessions(SOAK_USERS);
    /** The live heap: after a full collection (exposed below), so the sample is what is kept, not what awaits GC. */
    const memory = () => {
      collect();
      const usage = process.memoryUsage();
      return { rss: usage.rss, heap: usage.heapUsed };
    };
    const start = memory();
    const samples: Array<{ at: number; rss: number; heap: number }> = [];
    const began = Date.now();
    const until = began + SOAK_MINUTES * 60_000;
    const sampler = setInterval(() => samples.push({ at: (Date.now() - began) / 60_000, ...memory() }), SAMPLE_MS);
    const soak = await drive(users, until, (n) => formatPlan({ seed: SOAK_SEED + n, rate: SOAK_FAULT_RATE }));
    clearInterval(sampler);
    const end = memory();
    const verdict = heapVerdict(samples);
    const lost: string[] = [];
    for (const uuid of soak.acknowledged) if (!(await getDocument(uuid))) lost.push(uuid);
    const errors = [...soak.errors].map(([k, n]) => `${k} ×${n}`);
    console.log(
      `\nsoak: ${SOAK_MINUTES} min, ${SOAK_USERS} users, fault rate ${SOAK_FAULT_RATE} per AWS attempt: ${soak.requests} requests, ${soak.faulted} met a fault, ${soak.busy} answered 503 SERVICE_BUSY, ${errors.length === 0 ? 0 : errors.join(', ')} errors`,
    );
    console.log(`  ${figures(soak.times)}`);
    console.log(
      `  writes acknowledged ${soak.acknowledged.length}, lost ${lost.length}${lost.length ? `: ${lost.slice(0, 5)}` : ''}`,
    );
    console.log(
      `  memory (after a full GC) start rss ${mb(start.rss)} heap ${mb(start.heap)}; end rss ${mb(end.rss)} heap ${mb(end.heap)}`,
    );
    if (samples.length)
      console.log(`  samples (min: heap): ${samples.map((x) => `${x.at.toFixed(1)}: ${mb(x.heap)}`).join(', ')}`);
    console.log(`  ${verdict.text}`);
    console.log(`  load average: ${load()} (1 / 5 / 15 min)`);
    if (failed || errors.length > 0 || lost.length > 0 || !verdict.flat) process.exitCode = 1;
  } finally {
    await portal.stop();
  }
}
