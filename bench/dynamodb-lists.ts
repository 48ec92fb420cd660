import { randomUUID } from 'node:crypto';
import { BatchGetCommand } from '../functions/lib/aws/dynamo-commands';
import { PAGE, withListBench } from './list-bench';

export const title =
  'admin lists of projects holding 5,000 and 50,000 societies: DynamoDB calls and latency per request';

const SIZES = (process.env.BENCH_SOCIETIES ?? '5000,50000').split(',').map(Number);

/**
 * For each size, adds a project with two groups and that many societies (items by BatchWrite, their listing entries
 * and sorted index rows built by the data layer's own writers' functions), then times the list endpoints over HTTP as a
 * SUPER_ADMIN and counts the DynamoDB calls and the bytes DynamoDB answered for each (the caller's own Get included),
 * beside a bare DynamoDB Query of one page in the same run: the ratio column is each request's median time over the
 * bare Query's.
 */
export async function run(): Promise<void> {
  await withListBench(
    async ({ portal, dynamo, table, system, newProject, putAll, putEntries, addCounters, measuring, get }) => {
      const { createGroup } = await import('../functions/groups/groups');
      const { readSocietyEntries, societiesOfProject, societyIndexLoad, societyItem, societyListingWrites } =
        await import('../functions/lib/data/societies');
      const { directoryShardKeys } = await import('../functions/lib/data/directory');
      const { relayoutPartition } = await import('../functions/lib/data/order-buckets');
      const { rutCheckDigit } = await import('../shared/rut');

      for (const size of SIZES) {
        const project = await newProject(`Bench ${size}`);
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
        await putAll([...items, ...index.rows]);
        // Listing entries: exactly what createSociety writes in its transaction, merged per shard.
        await putEntries(societies.flatMap((s) => societyListingWrites(undefined, s)));
        await addCounters(index.counters);
        // Bucket counts (order-buckets.ts) made from the rows loaded, as the backfill makes them.
        for (const pk of new Set(index.rows.map((row) => String(row.pk)))) await relayoutPartition(pk);
        console.log(`Loaded ${size} societies in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
        const measure = await measuring(size, {
          label: `bare Query of ${PAGE} societies (DynamoDB only)`,
          partition: project.uuid,
        });
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
        const { pageSocieties, pageSocietyPicker } = await import('../functions/societies/society-lists');
        await measure(`the project's page 1 in process (no HTTP)`, () =>
          pageSocieties(system, { project: p, offset: 0, limit: PAGE }),
        );
        await measure(`the project's name prefix in process (no HTTP)`, () =>
          pageSocieties(system, {
            project: p,
            search: 'sociedad bench 04242',
            match: 'prefix',
            offset: 0,
            limit: PAGE,
          }),
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
        // The society picker (by search text, ascending) reads its own order of the index: page 1, a middle and the
        // last page, a prefix of a name or a RUT, and the selected ones by uuid cost the same at any size.
        await measure(`the picker's page 1 in process (no HTTP)`, () =>
          pageSocietyPicker(system, { project: p, offset: 0, limit: PAGE }),
        );
        const picker = `api/v1/societies/user/list/?project=${p}&limit=${PAGE}`;
        await measure(`GET society picker, page 1`, get(picker));
        await measure(
          `GET society picker, middle page (offset ${Math.floor(size / 2)})`,
          get(`${picker}&offset=${Math.floor(size / 2)}`),
        );
        await measure(`GET society picker, offset ${size - PAGE}`, get(`${picker}&offset=${size - PAGE}`));
        // Prefixes of the middle society's name and RUT without their last digit: ten matches at any size past 20.
        const middle = Math.floor(size / 2);
        const namePrefix = `sociedad bench ${String(middle).padStart(5, '0').slice(0, -1)}`;
        const rutPrefix = String(50_000_000 + middle).slice(0, -1);
        await measure(
          `GET society picker, prefix "${namePrefix}"`,
          get(`${picker}&match=prefix&search=${encodeURIComponent(namePrefix)}`),
        );
        await measure(
          `GET society picker, RUT prefix "${rutPrefix}"`,
          get(`${picker}&match=prefix&search=${rutPrefix}`),
        );
        const selected = [0, Math.floor(size / 2), size - 1].map((i) => societies[i]?.uuid).join(',');
        await measure(`GET society picker, 3 selected by uuids=`, get(`${picker}&uuids=${selected}`));
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
    },
  );
}
