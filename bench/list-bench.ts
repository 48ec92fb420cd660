import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import type { Caller } from '../functions/lib/auth/caller';
import { QueryCommand, UpdateCommand } from '../functions/lib/aws/dynamo-commands';
import type { TxWrite } from '../functions/lib/data/tx-write';
import { startPortal } from '../local/portal';
import { countDynamoCalls, putEntries, putItems, superAdminToken } from './harness';
import { median } from './stats';

/** The rows of a page in the list benches. */
export const PAGE = 15;
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const HEADER = `${'request'.padEnd(62)} ${'calls'.padStart(6)} ${'KB read'.padStart(9)} ${'rows read'.padStart(10)} ${'median ms'.padStart(10)} ${'ratio'.padStart(7)}`;

/**
 * Counts the bytes DynamoDB answers in this process (the functions run in it), and the rows its Queries read
 * (`ScannedCount`: a COUNT Query sends none back but reads every row it skips): fetch wrapped, each answer's body
 * measured on a copy (large answers come chunked, without Content-Length) for calls naming a DynamoDB operation.
 * Returns a reader of the running totals, which waits for the copies still being read.
 */
function countDynamoBytes(): () => Promise<{ bytes: number; rows: number }> {
  let bytes = 0;
  let rows = 0;
  const pending: Array<Promise<unknown>> = [];
  const original = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const response = await original(input, init);
    const target = new Headers(init?.headers).get('x-amz-target');
    if (target?.startsWith('DynamoDB_')) {
      pending.push(
        response
          .clone()
          .arrayBuffer()
          .then((body) => {
            bytes += body.byteLength;
            if (target.endsWith('.Query')) rows += Number(JSON.parse(Buffer.from(body).toString()).ScannedCount ?? 0);
          })
          // An attempt timed out (the client aborts it and retries): its bytes never arrived.
          .catch(() => undefined),
      );
    }
    return response;
  };
  return async () => {
    await Promise.all(pending.splice(0));
    return { bytes, rows };
  };
}

/**
 * A list bench's portal (API on free ports, in-memory services) and its tools: bulk loading in the data layer's own
 * items and writes, and a measurer that prints each request's DynamoDB calls, bytes DynamoDB answered, rows its
 * Queries read and median time, beside a bare 15-row Query of the same run (the ratio column). The summary of every size is printed at the end.
 */
export async function withListBench(body: (bench: ListBench) => Promise<void>): Promise<void> {
  process.env.POWERTOOLS_LOG_LEVEL = 'ERROR';
  const dynamoBytes = countDynamoBytes();
  const portal = await startPortal({ mode: 'test', web: false });
  try {
    const { dynamo } = await import('../functions/lib/aws/dynamo');
    const { createProject } = await import('../functions/projects/projects');
    const table = portal.env.TABLE_NAME as string;
    const dynamoCalls = countDynamoCalls(dynamo);
    const access = await superAdminToken(portal.apiUrl);
    const system = { user: { uuid: 'bench', email: 'bench@portal.local' }, role: 'SUPER_ADMIN' } as unknown as Caller;
    const summary: string[] = [];

    const bench: ListBench = {
      portal,
      dynamo,
      table,
      system,
      newProject: (name) =>
        createProject(
          system,
          {
            project_name: `${name} ${randomUUID().slice(0, 6)}`,
            client_name: 'Bench',
            associated_service_description: 'b',
            service_description: 'b',
          },
          [],
        ),
      putAll: (items) => putItems(dynamo, table, items),
      putEntries: (writes) => putEntries(dynamo, writes),
      addCounters: async (counters) => {
        const sums = new Map<string, { key: { pk: string; sk: string }; n: number }>();
        for (const { key, n } of counters) {
          const id = `${key.pk}|${key.sk}`;
          sums.set(id, { key, n: (sums.get(id)?.n ?? 0) + n });
        }
        for (const { key, n } of sums.values()) {
          await dynamo.send(
            new UpdateCommand({
              TableName: table,
              Key: key,
              UpdateExpression: 'ADD n :n',
              ExpressionAttributeValues: { ':n': n },
            }),
          );
        }
      },
      measuring: async (size, bare) => {
        // Latencies are only comparable on an idle machine: the load says how busy it was (the bare Query is the yardstick).
        const [load] = loadavg();
        console.log(`load average ${load?.toFixed(1)} on ${cpus().length} cores while measuring\n`);
        let bareMs = 0;
        const measure = async (label: string, once: () => Promise<unknown>, runs = RUNS) => {
          await once(); // warm: module load, first connection
          const times: number[] = [];
          const perCall: number[] = [];
          const perBytes: number[] = [];
          const perRows: number[] = [];
          for (let i = 0; i < runs; i++) {
            const before = dynamoCalls();
            const readBefore = await dynamoBytes();
            const t = performance.now();
            await once();
            times.push(performance.now() - t);
            perCall.push(dynamoCalls() - before);
            const read = await dynamoBytes();
            perBytes.push(read.bytes - readBefore.bytes);
            perRows.push(read.rows - readBefore.rows);
          }
          const ms = median(times);
          bareMs ||= ms;
          const kb = (median(perBytes) / 1024).toFixed(1);
          const line = `${label.padEnd(62)} ${String(median(perCall)).padStart(6)} ${kb.padStart(9)} ${String(median(perRows)).padStart(10)} ${ms.toFixed(1).padStart(10)} ${(ms / bareMs).toFixed(1).padStart(6)}×`;
          console.log(line);
          summary.push(`${String(size).padStart(6)}  ${line}`);
        };
        console.log(HEADER);
        console.log('-'.repeat(HEADER.length));
        // The yardstick, first: a page of the items loaded with gsi1pk = `BENCH#${bare.partition}`.
        await measure(bare.label, () =>
          dynamo.send(
            new QueryCommand({
              TableName: table,
              IndexName: 'gsi1',
              KeyConditionExpression: 'gsi1pk = :pk',
              ExpressionAttributeValues: { ':pk': `BENCH#${bare.partition}` },
              Limit: PAGE,
            }),
          ),
        );
        return measure;
      },
      get: (path) => async () => {
        const response = await fetch(`${portal.apiUrl}/${path}`, { headers: { authorization: `Bearer ${access}` } });
        if (!response.ok) throw new Error(`${path} answered ${response.status}`);
        return response.json();
      },
    };
    await body(bench);
    console.log(`summary\n${'size'.padStart(6)}  ${HEADER}`);
    for (const line of summary) console.log(line);
  } finally {
    await portal.stop();
  }
}

type Measure = (label: string, once: () => Promise<unknown>, runs?: number) => Promise<void>;

export interface ListBench {
  portal: Awaited<ReturnType<typeof startPortal>>;
  dynamo: typeof import('../functions/lib/aws/dynamo')['dynamo'];
  table: string;
  /** A SUPER_ADMIN caller for the functions called in process. */
  system: Caller;
  /** A project named `name` and a short random tail. */
  newProject(name: string): Promise<{ uuid: string }>;
  /** Items put by BatchWrite (putItems). */
  putAll(items: Array<Record<string, unknown>>): Promise<void>;
  /** The directory entries of listing writes (harness.ts putEntries). */
  putEntries(writes: TxWrite[]): Promise<void>;
  /** Counter items grown by `n`, summed per item first (one update each). */
  addCounters(counters: ReadonlyArray<{ key: { pk: string; sk: string }; n: number }>): Promise<void>;
  /** Prints the load and the table's header, measures the bare Query of `bare.partition`, and answers the measurer. */
  measuring(size: number, bare: { label: string; partition: string }): Promise<Measure>;
  /** A GET of the API as the SUPER_ADMIN, to measure. */
  get(path: string): () => Promise<unknown>;
}
