import { dynamo } from '../aws/dynamo';
import { GetCommand, QueryCommand } from '../aws/dynamo-commands';
import { config } from '../config';
import { recordOf } from './table';
import type { TxWrite } from './tx-write';

/**
 * The tax calendar's items. A year's rules the SUPER_ADMIN saved: one item per year (`TAXRULES#<year>`), read by key.
 * Per society, one partition (`TAXCAL#<society>`) holds its settings and one item per obligation filed, so a
 * society's calendar is one Query whatever the number of years kept.
 */
export interface SavedRules {
  year: number;
  /** The TaxYearRules fields but the year (shared/tax-calendar/rules.ts), as the contract validated them. */
  rules: Record<string, unknown>;
  updated: string;
  updated_by: string;
}

export interface TaxSettingsRecord {
  society_uuid: string;
  f29_online: boolean;
  f50: boolean;
  declarations: string[];
  updated: string;
}

export interface FilingRecord {
  society_uuid: string;
  /** `${form}#${period}`. */
  obligation: string;
  form: string;
  period: string;
  filed_at: string;
  filed_by: string;
  document_uuid: string | null;
  /** The name as uploaded (the document keeps its own, numbered when the folder held it). */
  file_name: string | null;
}

const rulesKey = (year: number) => ({ pk: `TAXRULES#${year}`, sk: 'RULES' });
const societyPartition = (society: string) => `TAXCAL#${society}`;
const settingsKey = (society: string) => ({ pk: societyPartition(society), sk: 'SETTINGS' });
const filingKey = (society: string, obligation: string) => ({
  pk: societyPartition(society),
  sk: `FILED#${obligation}`,
});

export async function getSavedRules(year: number): Promise<SavedRules | undefined> {
  const { Item } = await dynamo.send(new GetCommand({ TableName: config.tableName, Key: rulesKey(year) }));
  return recordOf<SavedRules>(Item);
}

export const saveRulesWrite = (saved: SavedRules): TxWrite => ({
  write: { Put: { TableName: config.tableName, Item: { ...rulesKey(saved.year), ...saved } } },
});

/** A society's settings (undefined: never set) and its filings, in one Query of its partition. */
export async function readSocietyTaxItems(
  society: string,
): Promise<{ settings: TaxSettingsRecord | undefined; filings: FilingRecord[] }> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo.send(
      new QueryCommand({
        TableName: config.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': societyPartition(society) },
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  const settingsItem = items.find((i) => i.sk === 'SETTINGS');
  return {
    settings: recordOf<TaxSettingsRecord>(settingsItem),
    filings: items
      .filter((i) => String(i.sk).startsWith('FILED#'))
      .map((i) => recordOf<FilingRecord>(i) as FilingRecord),
  };
}

export async function getFiling(society: string, obligation: string): Promise<FilingRecord | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: config.tableName, Key: filingKey(society, obligation), ConsistentRead: true }),
  );
  return recordOf<FilingRecord>(Item);
}

export const settingsWrite = (settings: TaxSettingsRecord): TxWrite => ({
  write: {
    Put: { TableName: config.tableName, Item: { ...settingsKey(settings.society_uuid), ...settings } },
  },
});

/** A filing replaces the one before of the same obligation (a corrected form filed again). */
export const filingWrite = (filing: FilingRecord): TxWrite => ({
  write: {
    Put: {
      TableName: config.tableName,
      Item: { ...filingKey(filing.society_uuid, filing.obligation), ...filing },
    },
  },
});

export const filingDeleteWrite = (society: string, obligation: string): TxWrite => ({
  write: { Delete: { TableName: config.tableName, Key: filingKey(society, obligation) } },
});
