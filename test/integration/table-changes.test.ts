import { randomUUID } from 'node:crypto';
import { beforeAll, expect, test } from 'vitest';
import { tableAccess } from '../helpers/db';
import { changedKeys, watchTable } from '../helpers/table-changes';

/**
 * The fuzz and matrix files prove "a refusal changes nothing" through table watches: this proves a watch sees every
 * kind of change (new, changed, removed items and one entry of a directory shard), and nothing else.
 */
const tag = `WATCHTEST#${randomUUID()}`;
let access: Awaited<ReturnType<typeof tableAccess>>;
const put = (item: Record<string, unknown>) =>
  access.dynamo.send(new access.lib.PutCommand({ TableName: access.tableName, Item: item }));
const remove = (pk: string, sk: string) =>
  access.dynamo.send(new access.lib.DeleteCommand({ TableName: access.tableName, Key: { pk, sk } }));
const ours = (keys: string[]) => keys.filter((key) => key.includes(tag));

beforeAll(async () => {
  access = await tableAccess();
  await put({ pk: `${tag}#kept`, sk: 'A', value: 1 });
  await put({ pk: `${tag}#changed`, sk: 'A', value: 1, list: new Set(['b', 'a']) });
  await put({ pk: `${tag}#removed`, sk: 'A', value: 1 });
  await put({ pk: `DIR#${tag}`, sk: 'SHARD#0', one: 'x', two: 'y' });
});

test('a watch sees new, changed and removed items and a directory entry, not writes that change nothing', async () => {
  const watch = await watchTable();
  await put({ pk: `${tag}#new`, sk: 'A', value: 1 });
  await put({ pk: `${tag}#changed`, sk: 'A', value: 2, list: new Set(['a', 'b']) });
  await put({ pk: `${tag}#changed`, sk: 'A', value: 3, list: new Set(['a', 'b']) });
  await remove(`${tag}#removed`, 'A');
  await put({ pk: `${tag}#kept`, sk: 'A', value: 1 });
  await put({ pk: `DIR#${tag}`, sk: 'SHARD#0', one: 'x', two: 'z' });
  await put({ pk: `USER#${tag}`, sk: 'LOG#SESSION#1', value: 1 });
  const { before, after } = await watch.changes();
  expect(ours(changedKeys(before, after))).toEqual([
    `DIR#${tag} SHARD#0 two`,
    `${tag}#changed A`,
    `${tag}#new A`,
    `${tag}#removed A`,
  ]);
  // Before is the first old image, after the last new one; sets compare by members.
  expect(JSON.parse(before.get(`${tag}#changed A`) as string)).toMatchObject({ value: 1, list: ['a', 'b'] });
  expect(JSON.parse(after.get(`${tag}#changed A`) as string)).toMatchObject({ value: 3 });
  expect(before.has(`${tag}#new A`)).toBe(false);
  expect(after.has(`${tag}#removed A`)).toBe(false);
});

test('overlapping watches each see what was written while they were open', async () => {
  const outer = await watchTable();
  await put({ pk: `${tag}#first`, sk: 'A' });
  const inner = await watchTable();
  await put({ pk: `${tag}#second`, sk: 'A' });
  const innerChanges = await inner.changes();
  await put({ pk: `${tag}#third`, sk: 'A' });
  const outerChanges = await outer.changes();
  expect(ours(changedKeys(innerChanges.before, innerChanges.after))).toEqual([`${tag}#second A`]);
  expect(ours(changedKeys(outerChanges.before, outerChanges.after))).toEqual([
    `${tag}#first A`,
    `${tag}#second A`,
    `${tag}#third A`,
  ]);
});
