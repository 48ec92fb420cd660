/**
 * One-off, idempotent backfill of the sorted list indexes (docs/decisions/list-paging.md): every partition of every
 * indexed list (societies, groups, ...) has its index rows and counters made equal to its directory. Reads by key, no Scan. README.md "Maintenance"
 * says how to run it and when lists start reading the indexes.
 *
 *   TABLE_NAME=<table> AWS_REGION=<region> npx tsx local/backfill-list-indexes.ts
 */
import { backfillEveryListIndex } from '../functions/lib/data/list-index-backfill';
import { signAsShell } from './shell-credentials';

async function main(): Promise<void> {
  signAsShell();
  for (const [list, { partitions, entries, put, deleted }] of Object.entries(await backfillEveryListIndex())) {
    console.log(
      `${list}: ${partitions} partitions, ${entries} entries: ${put} index items written, ${deleted} deleted`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
