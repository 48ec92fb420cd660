/**
 * One-off, idempotent backfill of the document feeds: documents created before the group feeds existed get
 * their 'Archivo añadido' entries, within the feeds' retention (docs/data-model.md); on a whole-table run, the project
 * and group size figures are set from the documents too. Scans the table once (a
 * maintenance script, never a request path). README.md "Maintenance" says how to run it against a deployed table.
 *
 *   TABLE_NAME=<table> AWS_REGION=<region> npx tsx local/backfill-document-feeds.ts [--society <uuid>]
 */
import { backfillDocumentFeeds, backfillHierarchyStats, scanDocuments } from '../functions/lib/data/documents-backfill';
import { signAsShell } from './shell-credentials';

async function main(): Promise<void> {
  signAsShell();
  const at = process.argv.indexOf('--society');
  const society = at >= 0 ? process.argv[at + 1] : undefined;
  const documents = await scanDocuments(society);
  const { shards, added } = await backfillDocumentFeeds(documents);
  console.log(`${documents.length} documents, ${shards} feed shards checked, ${added} entries added`);
  // Project and group sizes need every document of the table: only on a whole-table run.
  if (!society) {
    const stats = await backfillHierarchyStats(documents);
    console.log(`sizes set for ${stats.groups} groups and ${stats.projects} projects`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
