/**
 * One-off, idempotent backfill of the users' directory entries: entries written before every join rewrote
 * all of a user's entries may miss some of its memberships' hints, and a users page listing such a user reads those
 * names in a 4th DynamoDB call. This rewrites every entry of each user whose entries differ from its record. Scans the
 * table once (a maintenance script, never a request path). README.md "Maintenance" says how to run it.
 *
 *   TABLE_NAME=<table> AWS_REGION=<region> npx tsx local/backfill-user-entries.ts
 */
import { backfillUserEntries, scanUserEntries } from '../functions/lib/data/user-entries-backfill';
import { signAsShell } from './shell-credentials';

async function main(): Promise<void> {
  signAsShell();
  const { checked, rewritten, changed, tooLarge } = await backfillUserEntries(await scanUserEntries());
  console.log(`${checked} users checked, ${rewritten} rewritten, ${changed} skipped (changed since the scan)`);
  if (tooLarge.length > 0) {
    console.log(
      `${tooLarge.length} skipped: their rewrite takes more than one transaction's 100 writes (${tooLarge.join(', ')})`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
