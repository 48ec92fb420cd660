import { randomUUID } from 'node:crypto';
import { startPortal } from '../local/portal';
import { countDynamoCalls, demoToken, putItems } from './harness';
import { median } from './stats';

export const title =
  'Mensajes at size: a society of 2,000 threads, a thread of 5,000 messages, a client with 2,000 unread threads: DynamoDB calls and latency of each page';

const THREADS = Number(process.env.BENCH_THREADS ?? 2_000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 5_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);

/**
 * The conversation's pages cost the same whatever their size (functions/lib/data/messages.ts): starts the API with the
 * demo data, loads THREADS threads into Minera Atacama (each unread by its client user, sociedad@demo.cl) and MESSAGES
 * messages into one of them by BatchWrite, then times over HTTP the society's first page of threads, the thread's
 * first page and an older one, and the client's unread count, counting the DynamoDB calls of each request (the
 * caller's own Get included).
 */
export async function run(): Promise<void> {
  process.env.POWERTOOLS_LOG_LEVEL = 'ERROR';
  const portal = await startPortal({ mode: 'test', web: false });
  try {
    const { dynamo } = await import('../functions/lib/aws/dynamo');
    const { storedMessage, storedThread, storedUnread } = await import('../functions/lib/data/messages');
    const table = portal.env.TABLE_NAME as string;
    const dynamoCalls = countDynamoCalls(dynamo);
    // The firm's project admin: the demo SUPER_ADMIN signs in with a second factor, which the bench has no code for.
    const access = await demoToken(portal.apiUrl, 'proyecto@demo.cl');
    const client = await demoToken(portal.apiUrl, 'sociedad@demo.cl');
    const clientUuid = (
      (await (await get(portal.apiUrl, 'api/v1/users/info/', client)).json()) as {
        user: { uuid: string };
      }
    ).user.uuid;

    const started = performance.now();
    const now = Date.now();
    const author = { uuid: 'bench', first_name: 'Banco', last_name: 'Pruebas' };
    const threads = Array.from({ length: THREADS }, (_, i) => ({
      uuid: randomUUID(),
      society_uuid: portal.demo.societies.minera,
      group_uuid: portal.demo.groups.norte,
      project_uuid: portal.demo.projects.andes,
      subject: `Consulta ${i}`,
      created: new Date(now - THREADS + i).toISOString(),
      created_by: author,
      updated: new Date(now - THREADS + i).toISOString(),
      message_count: 1,
      last: { excerpt: 'Texto', side: 'FIRM' as const, author },
      participants: [],
      version: 1,
    }));
    const long = threads[THREADS - 1] as (typeof threads)[number];
    const messages = Array.from({ length: MESSAGES }, (_, i) => ({
      uuid: randomUUID(),
      thread: long.uuid,
      created: new Date(now - MESSAGES + i).toISOString(),
      side: i % 2 === 0 ? ('FIRM' as const) : ('CLIENT' as const),
      author,
      body: `Mensaje ${i}`,
    }));
    await putItems(dynamo, table, [
      ...threads.flatMap(storedThread),
      ...messages.map(storedMessage),
      ...threads.map((t) => storedUnread(clientUuid, t, 1)),
    ]);
    console.log(
      `Loaded ${THREADS} threads, ${MESSAGES} messages and ${THREADS} unread states in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
    );

    const measure = async (label: string, path: string, token = access) => {
      const first = (await (await get(portal.apiUrl, path, token)).json()) as Record<string, unknown>;
      const times: number[] = [];
      const perCall: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const before = dynamoCalls();
        const t = performance.now();
        const response = await get(portal.apiUrl, path, token);
        if (!response.ok) throw new Error(`${path} answered ${response.status}`);
        await response.json();
        times.push(performance.now() - t);
        perCall.push(dynamoCalls() - before);
      }
      console.log(
        `${label.padEnd(58)} ${String(median(perCall)).padStart(6)} ${median(times).toFixed(1).padStart(10)}`,
      );
      return first;
    };
    console.log(`${'request'.padEnd(58)} ${'calls'.padStart(6)} ${'median ms'.padStart(10)}`);
    console.log('-'.repeat(76));
    const society = portal.demo.societies.minera;
    const list = await measure(
      `GET the society's threads, first page (20 of ${THREADS})`,
      `api/v1/messages/society/${society}/threads/?limit=20`,
    );
    await measure(
      `GET the society's threads, next page`,
      `api/v1/messages/society/${society}/threads/?limit=20&cursor=${list.next as string}`,
    );
    const page = await measure(
      `GET a thread, first page (30 of ${MESSAGES} messages)`,
      `api/v1/messages/thread/${long.uuid}/?limit=30`,
    );
    await measure(
      'GET a thread, an older page',
      `api/v1/messages/thread/${long.uuid}/?limit=30&cursor=${page.next as string}`,
    );
    await measure(`GET the client's unread count (${THREADS} unread threads)`, 'api/v1/messages/unread/', client);
  } finally {
    await portal.stop();
  }
}

const get = (apiUrl: string, path: string, token: string) =>
  fetch(`${apiUrl}/${path}`, { headers: { authorization: `Bearer ${token}` } });
