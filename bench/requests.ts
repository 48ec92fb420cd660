import { randomUUID } from 'node:crypto';
import { startPortal } from '../local/portal';
import { countDynamoCalls, demoToken, putItems } from './harness';
import { median } from './stats';

export const title =
  "Solicitudes at size: a firm of 1,000 societies with a request each (and a year of monthly ones for the client's company): DynamoDB calls and latency of the board's pages and the client's home list";

const SOCIETIES = Number(process.env.BENCH_FIRM_SOCIETIES ?? 1_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);

const DAY_MS = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

/**
 * The board and the client's list cost the same whatever the firm's size (functions/lib/data/requests.ts: a page is
 * one Query of the narrowest listing partition): starts the API with the demo data, loads by BatchWrite an open
 * request for each of SOCIETIES societies of the demo firm (Andes; one of them its Minera Atacama, the rest made-up
 * societies of its groups), due over the next weeks, some overdue and some partly answered, and twelve months of
 * completed ones for Minera; then times over HTTP the board's first page (every state, then OVERDUE and PARTIAL,
 * which filter), its next page, a group admin's board and the client's home list (sociedad@demo.cl), counting the
 * DynamoDB calls of each request (the caller's own Get included).
 */
export async function run(): Promise<void> {
  process.env.POWERTOOLS_LOG_LEVEL = 'ERROR';
  const portal = await startPortal({ mode: 'test', web: false });
  try {
    const { dynamo } = await import('../functions/lib/aws/dynamo');
    const { newRequestRecords, storedRequest } = await import('../functions/lib/data/requests');
    const table = portal.env.TABLE_NAME as string;
    const dynamoCalls = countDynamoCalls(dynamo);
    const admin = await demoToken(portal.apiUrl, 'proyecto@demo.cl');
    const groupAdmin = await demoToken(portal.apiUrl, 'grupo@demo.cl');
    const client = await demoToken(portal.apiUrl, 'sociedad@demo.cl');

    const started = performance.now();
    const project = portal.demo.projects.andes;
    const groupsOf = [portal.demo.groups.norte, portal.demo.groups.sur];
    const societies = Array.from({ length: SOCIETIES }, (_, i) =>
      i === 0
        ? { uuid: portal.demo.societies.minera, name: 'Minera Atacama', group_uuid: portal.demo.groups.norte }
        : { uuid: randomUUID(), name: `Sociedad ${i} SpA`, group_uuid: groupsOf[i % 2] as string },
    );
    const by = { uuid: 'bench', first_name: 'Banco', last_name: 'Pruebas' };
    const common = {
      title: 'Cierre mensual',
      template: null,
      folder: null,
      items: [{ name: 'Libro de compras' }, { name: 'Libro de ventas' }, { name: 'Cartola bancaria' }],
      reminders: { before_days: [3], on_due: true, after_every_days: 7 },
      created_by: by,
      now: new Date().toISOString(),
      today: day(0),
    };
    const open = societies.flatMap((s, i) =>
      newRequestRecords({
        ...common,
        origin: { batch: randomUUID() },
        societies: [{ ...s, project_uuid: project }],
        period: null,
        // A tenth overdue, the rest due over the next four weeks (two days off: Chile's day is not UTC's).
        due_date: i % 10 === 0 ? day(-2 - (i % 7)) : day(2 + (i % 28)),
      }).map((r) =>
        // A third partly answered: its first item delivered.
        i % 3 === 0
          ? { ...r, items: r.items.map((item, n) => (n === 0 ? { ...item, state: 'DELIVERED' as const } : item)) }
          : r,
      ),
    );
    const year = Array.from({ length: 12 }, (_, m) =>
      newRequestRecords({
        ...common,
        origin: { schedule: 'bench', period: `2025-${String(m + 1).padStart(2, '0')}` },
        societies: [{ ...(societies[0] as (typeof societies)[number]), project_uuid: project }],
        period: `2025-${String(m + 1).padStart(2, '0')}`,
        due_date: `2025-${String(m + 1).padStart(2, '0')}-12`,
      }).map((r) => ({
        ...r,
        state: 'COMPLETE' as const,
        remind_day: null,
        items: r.items.map((item) => ({ ...item, state: 'ACCEPTED' as const })),
      })),
    ).flat();
    await putItems(dynamo, table, [...open, ...year].flatMap(storedRequest));
    console.log(
      `Loaded ${open.length} open requests of ${SOCIETIES} societies and ${year.length} completed ones in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
    );

    const measure = async (label: string, path: string, token = admin) => {
      const first = (await (await get(portal.apiUrl, path, token)).json()) as {
        results: unknown[];
        next: string | null;
      };
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
        `${label.padEnd(58)} ${String(first.results.length).padStart(5)} ${String(median(perCall)).padStart(6)} ${median(times).toFixed(1).padStart(10)}`,
      );
      return first;
    };
    console.log(`${'request'.padEnd(58)} ${'rows'.padStart(5)} ${'calls'.padStart(6)} ${'median ms'.padStart(10)}`);
    console.log('-'.repeat(82));
    const board = await measure(
      `GET the board, open, first page (25 of ${open.length})`,
      `api/v1/requests/?project=${project}`,
    );
    await measure(
      'GET the board, open, next page',
      `api/v1/requests/?project=${project}&cursor=${board.next as string}`,
    );
    await measure('GET the board, OVERDUE, first page', `api/v1/requests/?project=${project}&state=OVERDUE`);
    await measure('GET the board, PARTIAL, first page (a filter)', `api/v1/requests/?project=${project}&state=PARTIAL`);
    await measure("GET a group's board, first page", `api/v1/requests/?group=${portal.demo.groups.norte}`, groupAdmin);
    await measure("GET the client's home list (its open requests, 5)", 'api/v1/requests/?limit=5', client);
    await measure("GET the client's completed requests (12 months)", 'api/v1/requests/?state=COMPLETE', client);
  } finally {
    await portal.stop();
  }
}

const get = (apiUrl: string, path: string, token: string) =>
  fetch(`${apiUrl}/${path}`, { headers: { authorization: `Bearer ${token}` } });
