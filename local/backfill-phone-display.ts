/**
 * One-off, idempotent backfill of the phones' display forms: projects and societies written before the
 * display form was stored beside the phone get it, so their detail PDFs show '+56 9 1234 5678' instead of the stored
 * '+56912345678'; after a change to formatPhone's rules (shared/phone.ts), a run rewrites the forms that differ. Scans
 * the table once (a maintenance script, never a request path). README.md "Maintenance" says how to run it.
 *
 *   TABLE_NAME=<table> AWS_REGION=<region> npx tsx local/backfill-phone-display.ts
 */
import { backfillPhoneDisplays, scanPhoneItems } from '../functions/lib/data/phone-display-backfill';
import { signAsShell } from './shell-credentials';

async function main(): Promise<void> {
  signAsShell();
  const { checked, updated } = await backfillPhoneDisplays(await scanPhoneItems());
  console.log(`${checked} projects and societies checked, ${updated} display forms stored`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
