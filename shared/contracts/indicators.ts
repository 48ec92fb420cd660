import * as z from 'zod/mini';
import { ROLES } from '../roles';
import { defineContract } from './define';

/** The indicators the home shows, in its order: USD, UF, EUR, UTM, IPC. */
export const INDICATOR_CODES = ['dolar', 'uf', 'euro', 'utm', 'ipc'] as const;
export type IndicatorCodeName = (typeof INDICATOR_CODES)[number];

/** Monthly indicators are dated on their month's first day and their series covers a year of months. */
export const MONTHLY_INDICATORS: readonly IndicatorCodeName[] = ['utm', 'ipc'];

const daySchema = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

export const indicatorSummarySchema = z.object({
  code: z.enum(INDICATOR_CODES),
  /** The newest stored value and the day it holds for; null when nothing was ever stored. */
  value: z.nullable(z.number()),
  day: z.nullable(daySchema),
  /**
   * Change from the previous stored value: in percent for prices (dólar, UF, euro, UTM), in percentage points for IPC
   * (itself a variation). Null without a previous value.
   */
  variation: z.nullable(z.number()),
  /** Oldest first: the last 30 days for daily indicators, the last 12 months for UTM and IPC. */
  series: z.array(z.object({ day: daySchema, value: z.number() })),
  /** 'mindicador', 'cmf' or 'sample' (sample data: the screen says so, with the value's date). */
  source: z.nullable(z.string()),
});

/**
 * GET api/v1/indicators/: replaces the spec's browser call to a public API (portal §7 "Exchange
 * indicators"); the browser never calls a third party. Values come from the store the scheduled job fills.
 */
export const getIndicators = defineContract({
  id: 'getIndicators',
  method: 'GET',
  path: 'api/v1/indicators/',
  access: ROLES,
  handler: 'indicators/get-indicators',
  summary: 'Currency indicators: latest value, its date, variation and recent series',
  response: z.object({ indicators: z.array(indicatorSummarySchema) }),
});
