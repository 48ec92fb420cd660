/**
 * The restore rehearsal on the `npm start` stack's table (docs/operations.md, Restore): export, import into a new
 * table, compare, with the timings. The export stays under .local/data/restore-rehearsal/.
 *
 *   npm run rehearse:restore                  (deletes the restored table at the end)
 *   npm run rehearse:restore -- --keep        (keeps it, to look at)
 *   npm run rehearse:restore -- --sample 2000 (items compared whole; 500 by default)
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { functionEnvironment, LOCAL_NAMES } from './bootstrap';
import { ROOT } from './paths';
import { rehearseRestore } from './restore-rehearsal';
import { DEFAULT_PORTS, serviceUrls } from './services';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { keep: { type: 'boolean' }, sample: { type: 'string' } } });
  const env = functionEnvironment(
    { urls: serviceUrls(DEFAULT_PORTS) },
    { userPoolId: '', userPoolClientId: '' },
    'http://localhost:5173',
  );
  const client = new DynamoDBClient({
    endpoint: env.AWS_ENDPOINT_URL_DYNAMODB,
    region: env.AWS_REGION,
    credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID as string, secretAccessKey: env.AWS_SECRET_ACCESS_KEY as string },
  });
  const report = await rehearseRestore({
    client,
    table: LOCAL_NAMES.table,
    dir: join(ROOT, '.local', 'data', 'restore-rehearsal'),
    sample: values.sample ? Number(values.sample) : undefined,
    keep: values.keep,
  });
  const { ms } = report;
  console.log(
    [
      `source ${report.sourceTable}: ${report.items} items exported to ${report.file} (${(report.fileBytes / 1024).toFixed(0)} KB gzipped)`,
      `restored into ${report.restoredTable}${values.keep ? ' (kept)' : ' (deleted after the check)'}: ${report.restoredItems} items`,
      `sample: ${report.sampled} items compared whole, ${report.mismatches.length} different or missing`,
      `timings: export ${ms.export} ms, new table ${ms.createTable} ms, import ${ms.import} ms, check ${ms.verify} ms, total ${ms.total} ms`,
    ].join('\n'),
  );
  for (const key of report.mismatches.slice(0, 20)) console.log(`  different or missing: ${key}`);
  return report.restoredItems === report.items && report.mismatches.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
