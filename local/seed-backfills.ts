import { dynamo } from '../functions/lib/aws/dynamo';
import { GetCommand, PutCommand } from '../functions/lib/aws/dynamo-commands';
import { config } from '../functions/lib/config';
import { backfillDocumentFeeds, scanDocuments } from '../functions/lib/data/documents-backfill';
import {
  backfillEveryListIndex,
  backfillGroupIndexes,
  backfillInvitationIndexes,
  backfillProjectIndexes,
  backfillSocietyIndexes,
  backfillUserIndexes,
} from '../functions/lib/data/list-index-backfill';
import { backfillPhoneDisplays, scanPhoneItems } from '../functions/lib/data/phone-display-backfill';
import { backfillSocietyRuts, scanLegacyRutMarkers } from '../functions/lib/data/society-rut-backfill';
import { nowIso } from '../functions/lib/data/table';
import { backfillUserEntries, scanUserEntries } from '../functions/lib/data/user-entries-backfill';
import { writeStarterArticles } from '../functions/maintenance/starter-articles';

/**
 * The one-off backfills a local table seeded by an older portal needs, each run once on such a table: a marker item
 * keeps later starts from scanning again, and a fresh seed, which writes through today's code, sets every marker.
 * - DOCUMENT_FEEDS: demo documents seeded before the group feeds had no group-feed entry, so the group's
 *   demo accounts saw no 'Archivo añadido'.
 * - PHONE_DISPLAYS: projects and societies seeded before the phone's display form was stored showed their
 *   phones as stored in the detail PDFs.
 * - USER_ENTRIES: users seeded before every join rewrote all of a user's entries could miss memberships'
 *   hints, so a users page listing them read those names in a 4th call.
 * - SOCIETY_RUTS: RUT markers written when a RUT was unique portal-wide move to their society's project
 *   (the code reads both; this spares the read of the old one).
 * - SOCIETY_LIST_INDEXES, GROUP_LIST_INDEXES, USER_LIST_INDEXES, INVITATION_LIST_INDEXES, PROJECT_LIST_INDEXES:
 *   societies, groups, users, invitations and projects seeded before their sorted list indexes had no index rows nor
 *   counts, so their lists were empty.
 * - SOCIETY_PICKER_INDEX: societies seeded before the society picker read their index had no rows in its order (by
 *   search text), so the picker showed none.
 * - USER_PICKER_INDEX: users indexed before the people pickers read the users' `E` order held only their enable
 *   there (now enable, role and name), so the pickers found none of them.
 * - LIST_BUCKETS: indexes written before their orders' bucket counts (functions/lib/data/order-buckets.ts) had none,
 *   so deep pages skipped rows by COUNT Queries and no bucket was ever split; the backfill makes them from the rows.
 * - CHATBOT_ARTICLES: the chatbot's shared articles live in the table since firms keep their own; an older table had
 *   none, so the chatbot answered nothing.
 */
const BACKFILLS = {
  DOCUMENT_FEEDS: async () => backfillDocumentFeeds(await scanDocuments()),
  PHONE_DISPLAYS: async () => backfillPhoneDisplays(await scanPhoneItems()),
  USER_ENTRIES: async () => backfillUserEntries(await scanUserEntries()),
  SOCIETY_RUTS: async () => backfillSocietyRuts(await scanLegacyRutMarkers()),
  SOCIETY_LIST_INDEXES: backfillSocietyIndexes,
  GROUP_LIST_INDEXES: backfillGroupIndexes,
  USER_LIST_INDEXES: backfillUserIndexes,
  INVITATION_LIST_INDEXES: backfillInvitationIndexes,
  PROJECT_LIST_INDEXES: backfillProjectIndexes,
  SOCIETY_PICKER_INDEX: backfillSocietyIndexes,
  USER_PICKER_INDEX: backfillUserIndexes,
  LIST_BUCKETS: backfillEveryListIndex,
  CHATBOT_ARTICLES: writeStarterArticles,
} as const;

const marker = (name: string) => ({ pk: `SEED#${name}`, sk: 'SEED' });

const markDone = (name: string) =>
  dynamo.send(new PutCommand({ TableName: config.tableName, Item: { ...marker(name), created: nowIso() } }));

/** Runs each backfill this table has not had yet (a table seeded by an older portal). */
export async function backfillOlderDemo(): Promise<void> {
  for (const [name, backfill] of Object.entries(BACKFILLS)) {
    const { Item } = await dynamo.send(new GetCommand({ TableName: config.tableName, Key: marker(name) }));
    if (Item) continue;
    await backfill();
    await markDone(name);
  }
}

/** A fresh seed needs none of them. */
export async function markBackfillsDone(): Promise<void> {
  for (const name of Object.keys(BACKFILLS)) await markDone(name);
}
