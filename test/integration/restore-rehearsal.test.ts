import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { DeleteItemCommand, DeleteTableCommand, DynamoDBClient, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, expect, inject, test } from 'vitest';
import { compareSample, countItems, rehearseRestore } from '../../local/restore-rehearsal';

/**
 * The restore rehearsal (npm run rehearse:restore, docs/operations.md › Restore) on the test portal's table, so the
 * tool cannot rot: the export's items all come back in a new table made like the source, a sample reads back equal,
 * and the check does see an item that differs.
 */
const env = inject('portal').env;
const client = new DynamoDBClient({
  endpoint: env.AWS_ENDPOINT_URL_DYNAMODB,
  region: env.AWS_REGION,
  credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID as string, secretAccessKey: env.AWS_SECRET_ACCESS_KEY as string },
});
const restoredTable = `${env.TABLE_NAME}-restored-test-${process.pid}`;
const dir = mkdtempSync(join(tmpdir(), 'portal-restore-rehearsal-'));

afterAll(async () => {
  await client.send(new DeleteTableCommand({ TableName: restoredTable })).catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
});

test('the table exported, imported into a new table and checked: every item back, a sample equal, timed', {
  timeout: 300_000,
}, async () => {
  const report = await rehearseRestore({
    client,
    table: env.TABLE_NAME as string,
    dir,
    sample: 300,
    keep: true,
    restoredTable,
  });
  console.log(JSON.stringify(report));
  // The demo data at least (seeded before any test file runs).
  expect(report.items).toBeGreaterThan(500);
  expect(report.restoredItems).toBe(report.items);
  expect(report.sampled).toBeGreaterThanOrEqual(Math.min(300, report.items) * 0.5);
  expect(report.mismatches).toEqual([]);
  for (const ms of Object.values(report.ms)) expect(ms).toBeGreaterThanOrEqual(0);
  expect(report.ms.total).toBeGreaterThanOrEqual(report.ms.export + report.ms.import);

  // One sampled item changed in the restored table and another deleted: the same check names both. The sample takes
  // every k-th line of the export from the first.
  const every = Math.ceil(report.items / 300);
  const lines = createInterface({ input: createReadStream(report.file).pipe(createGunzip()) });
  const items: Array<Record<string, { S: string }>> = [];
  for await (const line of lines) if (items.length <= every) items.push(JSON.parse(line).Item);
  const [changed, removed] = [items[0], items[every]] as Array<Record<string, { S: string }>>;
  const keyOf = (item: Record<string, { S: string }>) => ({
    pk: item.pk as { S: string },
    sk: item.sk as { S: string },
  });
  await client.send(
    new UpdateItemCommand({
      TableName: restoredTable,
      Key: keyOf(changed as Record<string, { S: string }>),
      UpdateExpression: 'SET rehearsal_marker = :m',
      ExpressionAttributeValues: { ':m': { S: 'changed' } },
    }),
  );
  await client.send(
    new DeleteItemCommand({ TableName: restoredTable, Key: keyOf(removed as Record<string, { S: string }>) }),
  );
  const label = (item: Record<string, { S: string }> | undefined) =>
    `${JSON.stringify(item?.pk)} ${JSON.stringify(item?.sk)}`;
  const checked = await compareSample(client, report.file, restoredTable, ['pk', 'sk'], report.items, 300);
  expect(checked.mismatches.sort()).toEqual([label(changed), label(removed)].sort());
  expect(await countItems(client, restoredTable)).toBe(report.items - 1);
});
