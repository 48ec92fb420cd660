import { dynamo } from '../aws/dynamo';
import { GetCommand, PutCommand } from '../aws/dynamo-commands';
import { config } from '../config';
import { batchGet } from './list-index';
import { nowIso } from './table';

/**
 * The portal's suppression list: an address that bounced for good or complained gets no more mail from the
 * shared sender, whose reputation every firm depends on. One item per address (lower case), written by the SES events
 * handler (functions/external/ses-events.ts), read by sendMail (functions/lib/email.ts) before every send. It is kept
 * until someone removes it: a hard bounce or a complaint does not heal by itself.
 */
export type SuppressionReason = 'BOUNCE' | 'COMPLAINT';

export interface SuppressionRecord {
  email: string;
  reason: SuppressionReason;
  /** SES's words for it: the bounce type and subtype, or the complaint's feedback type. */
  detail: string;
  /** When SES reported it (the event's time), and when it was stored. */
  reported_at: string;
  suppressed_at: string;
}

const addressOf = (email: string) => email.trim().toLowerCase();
export const suppressionKey = (email: string) => ({ pk: `SUPPRESSED#${addressOf(email)}`, sk: 'SUPPRESSED' });

/** What an admin is shown of a suppressed address: why, and since when (SES's time of the event). */
export interface MailSuppression {
  reason: SuppressionReason;
  since: string;
}

/** The suppression of an address among items a BatchGet found (undefined when it is not suppressed). */
export function suppressionIn(found: Map<string, Record<string, unknown>>, email: string): MailSuppression | undefined {
  const key = suppressionKey(email);
  const item = found.get(`${key.pk}|${key.sk}`) as Partial<SuppressionRecord> | undefined;
  if (!item?.reason) return undefined;
  return { reason: item.reason, since: item.reported_at || (item.suppressed_at ?? '') };
}

/**
 * The suppressions of a page's addresses. A list page puts the keys of the addresses its entries name into the
 * BatchGet that reads its rows (`read`: the addresses whose keys it read, and what it found), so the page costs no
 * call more; an address it could not foresee (an entry whose text differs from the record's address) is read here,
 * in one BatchGet for the page.
 */
export async function readSuppressions(
  emails: string[],
  read?: { addresses: ReadonlySet<string>; found: Map<string, Record<string, unknown>> },
): Promise<Map<string, MailSuppression>> {
  const unread = [...new Set(emails.map(addressOf))].filter((email) => !read?.addresses.has(email));
  const found = new Map(read?.found ?? []);
  if (unread.length > 0) for (const [k, v] of await batchGet(unread.map(suppressionKey))) found.set(k, v);
  const out = new Map<string, MailSuppression>();
  for (const email of emails) {
    const suppression = suppressionIn(found, email);
    if (suppression) out.set(addressOf(email), suppression);
  }
  return out;
}

/** Where a page looks its rows' suppressions up: by the address as stored in the suppression's key. */
export const suppressionAddress = addressOf;

export async function isSuppressed(email: string): Promise<boolean> {
  const { Item } = await dynamo.send(new GetCommand({ TableName: config.tableName, Key: suppressionKey(email) }));
  return Item !== undefined;
}

/** Adds (or refreshes) an address on the list; a repeated event rewrites the same item. */
export async function suppressAddress(record: Omit<SuppressionRecord, 'suppressed_at'>): Promise<void> {
  const email = record.email.trim().toLowerCase();
  await dynamo.send(
    new PutCommand({
      TableName: config.tableName,
      Item: { ...suppressionKey(email), ...record, email, suppressed_at: nowIso() },
    }),
  );
}
