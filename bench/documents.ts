import { randomUUID } from 'node:crypto';
import { startPortal } from '../local/portal';
import { countDynamoCalls, demoToken, putEntries, putItems, superAdminToken } from './harness';
import { median } from './stats';

export const title =
  'a folder of 10,000 documents: DynamoDB calls and latency of its first page, a search and the group notifications';

const SIZE = Number(process.env.BENCH_DOCUMENTS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const PAGE = 50;

/**
 * Documents under the list rules (every page in ≤ 3 DynamoDB calls whatever the size; search without case
 * or accents): starts the API with the demo data, loads SIZE documents into one of Minera Atacama's folders (items by
 * BatchWrite, listing entries by the data layer's own writers), then times the folder's list over HTTP as the
 * SUPER_ADMIN and counts the DynamoDB calls of each request (the caller's own Get included).
 */
export async function run(): Promise<void> {
  process.env.POWERTOOLS_LOG_LEVEL = 'ERROR';
  const portal = await startPortal({ mode: 'test', web: false });
  try {
    const { dynamo } = await import('../functions/lib/aws/dynamo');
    const { documentEntryWrites, documentFeedBulkWrites, documentItem } = await import(
      '../functions/lib/data/documents'
    );
    const { createTemplate } = await import('../functions/folders/templates');
    const table = portal.env.TABLE_NAME as string;
    const dynamoCalls = countDynamoCalls(dynamo);
    const access = await superAdminToken(portal.apiUrl);
    const system = {
      user: { uuid: 'bench', email: 'bench@portal.local', project_uuids: [], group_uuids: [], society_uuids: [] },
      role: 'SUPER_ADMIN',
    } as never;
    const society = portal.demo.societies.minera;
    const project = portal.demo.projects.andes;
    const folder = (await createTemplate(system, { project, folder_name: `Bench ${randomUUID().slice(0, 6)}` })).uuid;

    const started = performance.now();
    const now = Date.now();
    const documents = Array.from({ length: SIZE }, (_, i) => {
      const uuid = randomUUID();
      return {
        uuid,
        society_uuid: society,
        group_uuid: portal.demo.groups.norte,
        project_uuid: project,
        folder_uuid: folder,
        form: null,
        year: null,
        file_name: `Factura ${String(i).padStart(5, '0')} Año ${2017 + (i % 8)}.pdf`,
        content_type: 'application/pdf',
        size: 10_000 + i,
        key: `documents/${society}/${uuid}`,
        created_by: 'bench',
        created: new Date(now - SIZE + i).toISOString(),
        updated: new Date(now + i).toISOString(),
        version: 1,
      };
    });
    const items = documents.map(documentItem);
    await putItems(dynamo, table, items);
    // Folder entries, and the feed entries the uploads would have left (each feed shard at its retention cap).
    await putEntries(dynamo, [...documents.flatMap(documentEntryWrites), ...documentFeedBulkWrites(documents)]);
    console.log(`Loaded ${SIZE} documents in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);

    const get =
      (path: string, token = access) =>
      async () => {
        const response = await fetch(`${portal.apiUrl}/${path}`, { headers: { authorization: `Bearer ${token}` } });
        if (!response.ok) throw new Error(`${path} answered ${response.status}`);
        return (await response.json()) as { count: number; results: unknown[] };
      };
    const measure = async (label: string, once: () => Promise<{ count: number; results: unknown[] }>) => {
      const first = await once();
      const times: number[] = [];
      const perCall: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const before = dynamoCalls();
        const t = performance.now();
        await once();
        times.push(performance.now() - t);
        perCall.push(dynamoCalls() - before);
      }
      console.log(
        `${label.padEnd(58)} ${String(median(perCall)).padStart(6)} ${median(times).toFixed(1).padStart(10)} ${`${first.results.length}/${first.count}`.padStart(12)}`,
      );
    };
    console.log(
      `${'request'.padEnd(58)} ${'calls'.padStart(6)} ${'median ms'.padStart(10)} ${'rows/count'.padStart(12)}`,
    );
    console.log('-'.repeat(90));
    const group = portal.demo.groups.norte;
    // As the screens ask: the project and group ride in the query (the level then costs one read).
    const base = `api/v1/folders/list?project=${project}&group=${group}&society=${society}&folder=${folder}`;
    await measure(`GET the folder, first page (${PAGE})`, get(`${base}&limit=${PAGE}`));
    await measure(`GET the folder, last page`, get(`${base}&limit=${PAGE}&offset=${SIZE - PAGE}`));
    await measure(
      `GET the folder, search "factura 04242 ano"`,
      get(`${base}&limit=${PAGE}&search=factura%2004242%20ano`),
    );
    await measure(`GET the folder, search "año 2021" (1 in 8)`, get(`${base}&limit=${PAGE}&search=a%C3%B1o%202021`));
    await measure(
      `GET the folder without project and group (typed address)`,
      get(`api/v1/folders/list?society=${society}&folder=${folder}&limit=${PAGE}`),
    );
    await measure(
      `GET the society (folder sizes)`,
      get(`api/v1/folders/list?project=${project}&group=${group}&society=${society}`),
    );
    // The same typed address by admins whose memberships' enable flags ride in the level's read.
    const [projectAdmin, groupAdmin, societyUser] = await Promise.all(
      ['proyecto@demo.cl', 'grupo@demo.cl', 'sociedad@demo.cl'].map((email) => demoToken(portal.apiUrl, email)),
    );
    const typed = `api/v1/folders/list?society=${society}&folder=${folder}&limit=${PAGE}`;
    await measure(`GET the folder by typed address, PROJECT_ADMIN`, get(typed, projectAdmin));
    await measure(`GET the folder by typed address, GROUP_ADMIN`, get(typed, groupAdmin));
    // Notifications of the group's admin: the group feed (16 shards, full at the retention cap) and the read state.
    await measure(
      'GET notifications of the GROUP_ADMIN (full group feed)',
      get('api/v1/documents/notification/?limit=10', groupAdmin),
    );
    // A society user: its society's feed; its society's group is read apart for its enable flag.
    await measure(
      'GET notifications of the USER_SOCIETY (its society feed)',
      get('api/v1/documents/notification/?limit=10', societyUser),
    );
  } finally {
    await portal.stop();
  }
}
