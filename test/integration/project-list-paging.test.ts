import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { tableAccess } from '../helpers/db';
import { expectOwnRowsAlike, readerBothWays } from '../helpers/list-paging';

/**
 * The projects list (newest first) and its search twin (by name) read sorted index items and counters
 * (docs/decisions/list-paging.md). The directory is the yardstick: the list of every project is read both ways and
 * compared on this file's own projects (others are made and removed beside it), through create, rename and delete;
 * a text search still reads the directory; and a page of the index costs the same calls however many firms there are.
 */
const PROJECTS = 7;
const system = { user: { uuid: 'project-paging-test', email: 'paging@prueba.cl' }, role: 'SUPER_ADMIN' } as never;
const tag = randomUUID().slice(0, 6);
// Names that sort apart only by their accents or by a name extending another: ties in the normalised order.
const NAMES = ['Álamo', 'alamo 2', 'Bahía', 'bahia norte', 'Cóndor', 'Ñandú', 'Zorro'];
const ours = new Set<string>();

type Query = { search?: string; offset: number; limit: number };
const listBothWays = (list: 'list' | 'search') =>
  readerBothWays<Query, { uuid: string }, string>(
    async () => {
      const { pageProjects, PROJECT_LIST_ORDERS } = await import('../../functions/projects/project-lists');
      return (_caller: never, query: Query) => pageProjects(query, PROJECT_LIST_ORDERS[list]);
    },
    (row) => row.uuid,
  );

async function make(name: string) {
  const { createProject } = await import('../../functions/projects/projects');
  const body = { project_name: name, client_name: 'C', associated_service_description: 'a', service_description: 's' };
  const made = await createProject(system, body, []);
  ours.add(made.uuid);
  return made;
}

beforeAll(async () => {
  await tableAccess();
  for (const name of NAMES) await make(`${name} ${tag}`);
}, 120_000);

describe('projects list on the sorted index', () => {
  test('the list (newest first) and the search twin (by name) answer what the directory answers', async () => {
    const [newest] = await expectOwnRowsAlike(listBothWays('list'), {}, { label: 'list', ours: (r) => ours.has(r) });
    const [byName] = await expectOwnRowsAlike(
      listBothWays('search'),
      {},
      { label: 'search', ours: (r) => ours.has(r) },
    );
    expect(newest).toHaveLength(PROJECTS);
    expect(byName).toHaveLength(PROJECTS);
    // Made one after another: the newest is the last made; by name, accents aside, the two 'alamo' first and 'Zorro'
    // last.
    const made = [...ours];
    expect(newest?.[0]).toBe(made.at(-1));
    expect(new Set(byName?.slice(0, 2))).toEqual(new Set(made.slice(0, 2)));
    expect(byName?.at(-1)).toBe(made.at(-1));
  });

  test('a rename moves the project in the search order, a delete takes it out, both ways alike', async () => {
    const { patchProject, deleteProject } = await import('../../functions/projects/projects');
    const made = await make(`Temporal ${tag}`);
    await patchProject(system, made.uuid, { project_name: `Aaa primero ${tag}` } as never, []);
    const [byName] = await expectOwnRowsAlike(
      listBothWays('search'),
      {},
      { label: 'renamed', ours: (r) => ours.has(r) },
    );
    expect(byName?.[0]).toBe(made.uuid);
    await deleteProject(system, made.uuid);
    ours.delete(made.uuid);
    const [after] = await expectOwnRowsAlike(listBothWays('list'), {}, { label: 'deleted', ours: (r) => ours.has(r) });
    expect(after).not.toContain(made.uuid);
    expect(after).toHaveLength(PROJECTS);
  });

  test('a page costs one Query and one BatchGet; a text search reads the directory', async () => {
    const { indexed } = await listBothWays('list')({ offset: 0, limit: 10 });
    expect(indexed.operations).toEqual(['Query', 'BatchGetItem']);
    expect(indexed.result.count).toBeGreaterThanOrEqual(PROJECTS);
    const { indexed: searched } = await listBothWays('list')({ search: tag, offset: 0, limit: 10 });
    expect(searched.operations).not.toContain('Query');
    expect(new Set(searched.result.rows)).toEqual(ours);
    expect(searched.result.count).toBe(PROJECTS);
  });
});
