import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import type { Caller } from '../functions/lib/auth/caller';
import { BatchGetCommand, BatchWriteCommand, QueryCommand, UpdateCommand } from '../functions/lib/aws/dynamo-commands';
import { startPortal } from '../local/portal';
import { countDynamoCalls, superAdminToken } from './harness';
import { median } from './stats';

export const title =
  'admin lists of projects holding 5,000 and 50,000 societies: DynamoDB calls and latency per request';

const SIZES = (process.env.BENCH_SOCIETIES ?? '5000,50000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const PAGE = 15;
const HEADER = `${'request'.padEnd(62)} ${'calls'.padStart(6)} ${'KB read'.padStart(9)} ${'median ms'.padStart(10)} ${'ratio'.padStart(7)}`;

/**
 * Counts the bytes DynamoDB answers in this process (the functions run in it): fetch wrapped, each answer's body
 * measured on a copy (large answers come chunked, without Content-Length) for calls naming a DynamoDB operation.
 * Returns a reader of the running total, which waits for the copies still being read.
 */
export function countDynamoBytes(): () => Promise<number> {
  let bytes = 0;
  const pending: Array<Promise<unknown>> = [];
  const original = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const response = await original(input, init);
    if (new Headers(init?.headers).get('x-amz-target')?.startsWith('DynamoDB_')) {
      pending.push(
        response
          .clone()
          .arrayBuffer()
          .then((body) => {
            bytes += body.byteLength;
          })
          // An attempt timed out (the client aborts it and retries): its bytes never arrived.
          .catch(() => undefined),
      );
    }
    return response;
  };
  return async () => {
    await Promise.all(pending.splice(0));
    return bytes;
  };
}

/**
 * Starts the API on free ports with in-memory services; for each size, adds a project with two groups and that many
 * societies (items by BatchWrite, their listing entries and sorted index rows built by the data layer's own writers'
 * functions), then times the list endpoints over HTTP as a SUPER_ADMIN and counts the DynamoDB calls and the bytes
 * DynamoDB answered for each (the caller's own Get included), beside a bare DynamoDB Query of one page in the same run:
 * the ratio column is each request's median time over the bare Query's.
 */
export async function run(): Promise<void> {
  process.env.POWERTOOLS_LOG_LEVEL = 'ERROR';
  const dynamoBytes = countDynamoBytes();
  const portal = await startPortal({ mode: 'test', web: false });
  try {
    const { dynamo } = await import('../functions/lib/aws/dynamo');
    const { createProject } = await import('../functions/projects/projects');
    const { createGroup } = await import('../functions/groups/groups');
    const { readSocietyEntries, societiesOfProject, societyIndexLoad, societyItem, societyListingWrites } =
      await import('../functions/lib/data/societies');
    const { bulkEntryUpdates, directoryShardKeys } = await import('../functions/lib/data/directory');
    const { rutCheckDigit } = await import('../shared/rut');
    const table = portal.env.TABLE_NAME as string;
    const dynamoCalls = countDynamoCalls(dynamo);

    const access = await superAdminToken(portal.apiUrl);
    const system = { user: { uuid: 'bench', email: 'bench@portal.local' }, role: 'SUPER_ADMIN' } as unknown as Caller;
    const summary: string[] = [];

    for (const size of SIZES) {
      const project = await createProject(
        system,
        {
          project_name: `Bench ${size} ${randomUUID().slice(0, 6)}`,
          client_name: 'Bench',
          associated_service_description: 'b',
          service_description: 'b',
        },
        [],
      );
      const groups = await Promise.all(
        ['Uno', 'Dos'].map((name) =>
          createGroup(system, { group_name: `Grupo ${name}`, group_description: 'bench', project: project.uuid }),
        ),
      );
      const now = Date.now();
      const started = performance.now();
      const societies = Array.from({ length: size }, (_, i) => {
        const body = 50_000_000 + i;
        return {
          uuid: randomUUID(),
          society_business_name: `Sociedad Bench ${String(i).padStart(5, '0')} SpA`,
          society_rut: `${body}-${rutCheckDigit(String(body))}`,
          business_line: 'Servicios',
          company_code: `B${i}`,
          industry_uuid: portal.demo.industries[0] as string,
          society_email: 'bench@example.cl',
          currency: 'CLP' as const,
          group_uuid: (groups[i % 2] as { uuid: string }).uuid,
          project_uuid: project.uuid,
          user: [],
          society_contact_name: 'Bench',
          society_phone_number: '+56900000000',
          society_address: null,
          society_contact_email: null,
          tax_module: 'False' as const,
          enable: true,
          created: new Date(now).toISOString(),
          updated: new Date(now + i).toISOString(),
          version: 1,
        };
      });
      // Items: the data layer's item; the gsi1 attributes only give the bare Query baseline a partition to page.
      const items = societies.map((s) => ({
        ...societyItem(s),
        gsi1pk: `BENCH#${project.uuid}`,
        gsi1sk: s.uuid,
      }));
      // Sorted index rows (sorted-index.ts): exactly what createSociety puts; counters grow by what it adds.
      const index = societyIndexLoad(societies);
      const puts = [...items, ...index.rows];
      const writeBatch = async (start: number) => {
        let request: Record<string, unknown[]> | undefined = {
          [table]: puts.slice(start, start + 25).map((Item) => ({ PutRequest: { Item } })),
        };
        while (request && Object.keys(request).length > 0) {
          const out = await dynamo.send(new BatchWriteCommand({ RequestItems: request as never }));
          request = out.UnprocessedItems as typeof request;
        }
      };
      const starts = Array.from({ length: Math.ceil(puts.length / 25) }, (_, i) => i * 25);
      for (let i = 0; i < starts.length; i += 8) await Promise.all(starts.slice(i, i + 8).map(writeBatch));
      // Listing entries: exactly what createSociety writes in its transaction, merged per shard.
      const updates = bulkEntryUpdates(societies.flatMap((s) => societyListingWrites(undefined, s)));
      for (let i = 0; i < updates.length; i += 8) {
        await Promise.all(updates.slice(i, i + 8).map((u) => dynamo.send(new UpdateCommand(u.write.Update as never))));
      }
      for (const { key, n } of index.counters) {
        await dynamo.send(
          new UpdateCommand({
            TableName: table,
            Key: key,
            UpdateExpression: 'ADD n :n',
            ExpressionAttributeValues: { ':n': n },
          }),
        );
      }
      console.log(`Loaded ${size} societies in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
      // Latencies are only comparable on an idle machine: the load says how busy it was (the bare Query is the yardstick).
      const [load] = loadavg();
      console.log(`load average ${load?.toFixed(1)} on ${cpus().length} cores while measuring\n`);

      let bare = 0;
      const measure = async (label: string, once: () => Promise<unknown>, runs = RUNS) => {
        await once(); // warm: module load, first connection
        const times: number[] = [];
        const perCall: number[] = [];
        const perBytes: number[] = [];
        for (let i = 0; i < runs; i++) {
          const before = dynamoCalls();
          const bytesBefore = await dynamoBytes();
          const t = performance.now();
          await once();
          times.push(performance.now() - t);
          perCall.push(dynamoCalls() - before);
          perBytes.push((await dynamoBytes()) - bytesBefore);
        }
        const ms = median(times);
        bare ||= ms;
        const kb = (median(perBytes) / 1024).toFixed(1);
        const line = `${label.padEnd(62)} ${String(median(perCall)).padStart(6)} ${kb.padStart(9)} ${ms.toFixed(1).padStart(10)} ${(ms / bare).toFixed(1).padStart(6)}×`;
        console.log(line);
        summary.push(`${String(size).padStart(6)}  ${line}`);
      };
      const get = (path: string) => async () => {
        const response = await fetch(`${portal.apiUrl}/${path}`, { headers: { authorization: `Bearer ${access}` } });
        if (!response.ok) throw new Error(`${path} answered ${response.status}`);
        return response.json();
      };

      console.log(HEADER);
      console.log('-'.repeat(HEADER.length));
      await measure(`bare Query of ${PAGE} societies (DynamoDB only)`, () =>
        dynamo.send(
          new QueryCommand({
            TableName: table,
            IndexName: 'gsi1',
            KeyConditionExpression: 'gsi1pk = :pk',
            ExpressionAttributeValues: { ':pk': `BENCH#${project.uuid}` },
            Limit: PAGE,
          }),
        ),
      );
      const p = project.uuid;
      await measure(`the project's society directory alone (in process, no HTTP)`, () =>
        readSocietyEntries([societiesOfProject(p)]),
      );
      // Where the directory's time goes: the same shards read alone (DynamoDB Local answering, the client parsing and
      // unmarshalling), without the entries' JSON.parse and paging.
      const shardKeys = directoryShardKeys(societiesOfProject(p));
      await measure(`  of which the BatchGetItem of its ${shardKeys.length} shards`, () =>
        dynamo.send(new BatchGetCommand({ RequestItems: { [table]: { Keys: shardKeys } } })),
      );
      // The page itself beside the bare Query, without HTTP and authentication (the figure the ≤ 3× bound compares).
      const { pageSocieties } = await import('../functions/societies/society-lists');
      await measure(`the project's page 1 in process (no HTTP)`, () =>
        pageSocieties(system, { project: p, offset: 0, limit: PAGE }),
      );
      await measure(`the project's name prefix in process (no HTTP)`, () =>
        pageSocieties(system, { project: p, search: 'sociedad bench 04242', match: 'prefix', offset: 0, limit: PAGE }),
      );
      await measure(`GET groups of the project`, get(`api/v1/groups/group/?project=${p}&limit=${PAGE}`));
      await measure(
        `GET societies of the project, page 1`,
        get(`api/v1/societies/society/?project=${p}&limit=${PAGE}`),
      );
      await measure(
        `GET societies of the project, offset ${size - PAGE}`,
        get(`api/v1/societies/society/?project=${p}&limit=${PAGE}&offset=${size - PAGE}`),
      );
      await measure(
        `GET societies of the project, prefix "sociedad bench 04242"`,
        get(`api/v1/societies/society/?project=${p}&limit=${PAGE}&match=prefix&search=sociedad%20bench%2004242`),
      );
      await measure(
        `GET societies of the project, RUT prefix "5000424"`,
        get(`api/v1/societies/society/?project=${p}&limit=${PAGE}&match=prefix&search=5000424`),
      );
      await measure(
        `GET societies of the project, middle page (offset ${Math.floor(size / 2)})`,
        get(`api/v1/societies/society/?project=${p}&limit=${PAGE}&offset=${Math.floor(size / 2)}`),
      );
      // Text anywhere in the name, RUT or code reads the directory: this one grows with the partition.
      await measure(
        `GET societies, substring "bench 04242" (reads the directory)`,
        get(`api/v1/societies/search/?project=${p}&search=bench%2004242`),
      );
      await measure(
        `GET societies of one group (half)`,
        get(`api/v1/societies/society/?group=${groups[0]?.uuid}&limit=${PAGE}`),
      );
      await measure(
        `GET society picker, substring "04242" (reads the directory)`,
        get(`api/v1/societies/user/list/?project=${p}&search=04242&limit=${PAGE}`),
      );
      await measure(`GET societies, every society in scope (page 1)`, get(`api/v1/societies/society/?limit=${PAGE}`));
      await measure(`GET users, every user (page 1)`, get(`api/v1/users/user/?limit=${PAGE}`));
      const big = (await get(`api/v1/societies/society/?project=${p}&limit=100000`)()) as {
        count: number;
        results: unknown[];
      };
      const check = (await get(`api/v1/societies/society/?project=${p}&limit=${PAGE}`)()) as { count: number };
      console.log(
        `\ncount reported for the project: ${check.count} (expected ${size}); limit=100000 answered ${big.results.length} rows of ${big.count} (5 MB budget)\n`,
      );
    }
    console.log(`summary\n${'size'.padStart(6)}  ${HEADER}`);
    for (const line of summary) console.log(line);
  } finally {
    await portal.stop();
  }
}
