import { formatPhone } from '../../../shared/phone';
import { PHONE_DISPLAY, strip } from './table';

/**
 * A phone's display form, stored beside the number on the project and society items: the detail PDFs show
 * it without carrying libphonenumber-js and its metadata (118 KB). It is computed from the number whenever the item is
 * written (projectItem, societyItem: the functions writing a phone carry the parser to check it anyway), so the two
 * never disagree; strip() and the records' reads keep it out of every API answer.
 */
export function phoneDisplayAttribute(phone: string | null | undefined): { [PHONE_DISPLAY]?: string } {
  return phone ? { [PHONE_DISPLAY]: formatPhone(phone) } : {};
}

/** A record read with its phone's display form apart. */
export interface WithPhoneDisplay<T> {
  record: T;
  phoneDisplay: string | null;
}

/**
 * Splits a stored item into its record (without the display form nor the table's bookkeeping: strip) and the phone as
 * shown. An item written before the display form was stored shows the number as stored until
 * local/backfill-phone-display.ts reaches it.
 */
export function splitPhoneDisplay<T>(item: Record<string, unknown>, phone: keyof T & string): WithPhoneDisplay<T> {
  const record: Record<string, unknown> = strip(item);
  return {
    record: record as T,
    phoneDisplay: (item[PHONE_DISPLAY] as string | undefined) ?? (record[phone] as string | null) ?? null,
  };
}
