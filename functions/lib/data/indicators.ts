import { dynamo } from '../aws/dynamo';
import { QueryCommand } from '../aws/dynamo-commands';
import { config } from '../config';
import { batchWriteAll } from './batches';
import { keys } from './table';

/**
 * Currency indicators with history, one partition per indicator and one item per day, so "the value on a
 * day" is one Query of one item and a 30-day series one Query. The accounting statements read the dólar
 * observado of a period's last day from here.
 */
export const INDICATOR_CODES = ['dolar', 'uf', 'euro', 'utm', 'ipc'] as const;
export type IndicatorCode = (typeof INDICATOR_CODES)[number];

export interface IndicatorValue {
  code: IndicatorCode;
  /** YYYY-MM-DD: the day the value holds for (monthly indicators: the first day of their month). */
  day: string;
  value: number;
  /** Which provider produced it ('mindicador', 'cmf', 'sample'), so the screen can say "datos de muestra". */
  source: string;
}

const DAY_PREFIX = 'DAY#';

/** Stores values (overwriting the same day), 25 per BatchWrite as DynamoDB allows; unprocessed items are retried. */
export async function putIndicatorValues(values: IndicatorValue[]): Promise<void> {
  for (let start = 0; start < values.length; start += 25) {
    const requests = values.slice(start, start + 25).map((value) => ({
      PutRequest: { Item: { ...keys.indicator(value.code, value.day), ...value } },
    }));
    await batchWriteAll({ [config.tableName]: requests });
  }
}

/** The latest value on or before `day` (weekends and holidays carry the last business day's value). */
export async function indicatorValueOn(code: IndicatorCode, day: string): Promise<IndicatorValue | undefined> {
  const { Items = [] } = await dynamo.send(
    new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :first AND :day',
      ExpressionAttributeValues: {
        ':pk': keys.indicator(code, day).pk,
        ':first': DAY_PREFIX,
        ':day': keys.indicator(code, day).sk,
      },
      ScanIndexForward: false,
      Limit: 1,
    }),
  );
  return Items[0] ? toValue(Items[0]) : undefined;
}

/** Values from `fromDay` to `toDay` inclusive, oldest first (one Query: a series is at most a few hundred items). */
export async function indicatorSeries(code: IndicatorCode, fromDay: string, toDay: string): Promise<IndicatorValue[]> {
  const { Items = [] } = await dynamo.send(
    new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': keys.indicator(code, fromDay).pk,
        ':from': keys.indicator(code, fromDay).sk,
        ':to': keys.indicator(code, toDay).sk,
      },
    }),
  );
  return Items.map(toValue);
}

/**
 * The newest `count` stored values of an indicator, oldest first, in one Query: the home's latest value, its
 * previous one and its trend come from here whatever the date of the last refresh.
 */
export async function recentIndicatorValues(code: IndicatorCode, count: number): Promise<IndicatorValue[]> {
  const { Items = [] } = await dynamo.send(
    new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :day)',
      ExpressionAttributeValues: { ':pk': keys.indicator(code, '').pk, ':day': DAY_PREFIX },
      ScanIndexForward: false,
      Limit: count,
    }),
  );
  return Items.map(toValue).reverse();
}

function toValue(item: Record<string, unknown>): IndicatorValue {
  return {
    code: item.code as IndicatorCode,
    day: item.day as string,
    value: item.value as number,
    source: item.source as string,
  };
}
