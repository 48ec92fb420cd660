/**
 * Writes the chatbot's shared starter articles into a deployed table, once, after the first deploy (docs/deploy.md).
 * Writes only those missing; the SUPER_ADMIN keeps them from then on in 'Artículos del asistente'.
 *
 *   TABLE_NAME=<table> AWS_REGION=<region> npx tsx local/write-starter-articles.ts
 */
import { writeStarterArticles } from '../functions/maintenance/starter-articles';
import { signAsShell } from './shell-credentials';

async function main(): Promise<void> {
  signAsShell();
  console.log(`${await writeStarterArticles()} starter articles written`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
