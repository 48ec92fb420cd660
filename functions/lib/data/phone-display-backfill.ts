import { dynamo } from '../aws/dynamo';
import { ScanCommand, UpdateCommand } from '../aws/dynamo-commands';
import { config } from '../config';
import { phoneDisplayAttribute } from './phone-display';
import { keys, PHONE_DISPLAY } from './table';

/**
 * One-off maintenance: project and society items written before their phone's display form was stored
 * (phone-display.ts) get it, and a run after a change to formatPhone's rules rewrites the forms that differ.
 * `local/backfill-phone-display.ts` runs it against a table. Never on a request path: it scans.
 */

/** The phone attribute of each kind of item that stores one. */
const PHONE_OF = { [keys.project('').sk]: 'contact_phone', [keys.society('').sk]: 'society_phone_number' } as const;

export interface PhoneItem {
  key: { pk: string; sk: string };
  phoneAttribute: 'contact_phone' | 'society_phone_number';
  phone: string | null;
  display: string | null;
}

/** Every project and society item's phone and stored display form, by a paginated Scan. */
export async function scanPhoneItems(): Promise<PhoneItem[]> {
  const project = keys.project('');
  const society = keys.society('');
  const out: PhoneItem[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo.send(
      new ScanCommand({
        TableName: config.tableName,
        FilterExpression: '(sk = :ps AND begins_with(pk, :pp)) OR (sk = :ss AND begins_with(pk, :sp))',
        ProjectionExpression: 'pk, sk, contact_phone, society_phone_number, #display',
        ExpressionAttributeNames: { '#display': PHONE_DISPLAY },
        ExpressionAttributeValues: { ':ps': project.sk, ':pp': project.pk, ':ss': society.sk, ':sp': society.pk },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      const phoneAttribute = PHONE_OF[item.sk as string] as PhoneItem['phoneAttribute'];
      out.push({
        key: { pk: item.pk as string, sk: item.sk as string },
        phoneAttribute,
        phone: (item[phoneAttribute] as string | null | undefined) ?? null,
        display: (item[PHONE_DISPLAY] as string | undefined) ?? null,
      });
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}

/**
 * Stores the display form each item's phone should have where it has another or none. Idempotent, and safe on a live
 * table: each write holds only while the phone is still the one read; an item edited since then was written with its
 * own display form (projectItem, societyItem), and an item without a phone has none to show.
 */
export async function backfillPhoneDisplays(items: PhoneItem[]): Promise<{ checked: number; updated: number }> {
  let updated = 0;
  for (const item of items) {
    const display = phoneDisplayAttribute(item.phone)[PHONE_DISPLAY];
    if (!item.phone || !display || display === item.display) continue;
    try {
      await dynamo.send(
        new UpdateCommand({
          TableName: config.tableName,
          Key: item.key,
          UpdateExpression: 'SET #display = :display',
          ConditionExpression: '#phone = :phone',
          ExpressionAttributeNames: { '#display': PHONE_DISPLAY, '#phone': item.phoneAttribute },
          ExpressionAttributeValues: { ':display': display, ':phone': item.phone },
        }),
      );
      updated += 1;
    } catch (error) {
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    }
  }
  return { checked: items.length, updated };
}
