import { dynamo } from '../aws/dynamo';
import { GetCommand, PutCommand } from '../aws/dynamo-commands';
import { config } from '../config';
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

const suppressionKey = (email: string) => ({ pk: `SUPPRESSED#${email.trim().toLowerCase()}`, sk: 'SUPPRESSED' });

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
