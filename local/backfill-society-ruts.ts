/**
 * One-off, idempotent backfill of the societies' RUT markers: markers written when a RUT was unique
 * portal-wide become per-project markers (one society per RUT per firm). The code reads both, so it may run any time
 * after the deploy; it only spares the request paths the read of the old marker. Scans the table once (a maintenance
 * script, never a request path). README.md "Maintenance" says how to run it.
 *
 *   TABLE_NAME=<table> AWS_REGION=<region> npx tsx local/backfill-society-ruts.ts
 */
import { backfillSocietyRuts, scanLegacyRutMarkers } from '../functions/lib/data/society-rut-backfill';
import { signAsShell } from './shell-credentials';

async function main(): Promise<void> {
  signAsShell();
  const { checked, moved, dropped, changed } = await backfillSocietyRuts(await scanLegacyRutMarkers());
  console.log(
    `${checked} legacy RUT markers checked, ${moved} moved to their project, ${dropped} stale ones deleted, ${changed} skipped (society changed since; run again)`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
