import { describe, expect, test } from 'vitest';
import { splitPhoneDisplay } from './phone-display';
import { keys, recordOf, strip } from './table';
import { TABLE_DESIGN } from './table-design';

/** An item as a project written before the listing directories is stored in AWS, with its phone shown. */
const legacyItem = {
  ...keys.project('p-1'),
  gsi1pk: 'PROJECT#x#GROUPS',
  gsi1sk: 'p-1',
  gsi2pk: 'GROUP#y#SOCIETIES',
  gsi2sk: 'p-1',
  gsi3pk: 'PROJECTS',
  gsi3sk: 'p-1',
  search_text: 'andes',
  name_sort: 'andes',
  last_name_sort: 'andes',
  phone_display: '+56 2 2345 6789',
  uuid: 'p-1',
  project_name: 'Andes',
  contact_phone: '+56223456789',
  version: 3,
  expires_at: 1_900_000_000,
  image: null,
};

const record = {
  uuid: 'p-1',
  project_name: 'Andes',
  contact_phone: '+56223456789',
  version: 3,
  expires_at: 1_900_000_000,
  image: null,
};

describe('records leave the data layer without the table’s bookkeeping', () => {
  test('strip drops keys, index keys, legacy list attributes and the stored phone display; keeps the record', () => {
    expect(strip(legacyItem)).toEqual(record);
    expect(strip(record)).toEqual(record);
  });

  test('every key of the table design is among what strip drops', () => {
    const designKeys = [
      TABLE_DESIGN.partitionKey,
      TABLE_DESIGN.sortKey,
      ...TABLE_DESIGN.indexes.flatMap((i) => [i.partitionKey, i.sortKey]),
    ];
    const item = Object.fromEntries(designKeys.map((name) => [name, 'x']));
    expect(strip({ ...item, uuid: 'u' })).toEqual({ uuid: 'u' });
  });

  test('recordOf: a read item as its record, nothing for no item', () => {
    expect(recordOf(legacyItem)).toEqual(record);
    expect(recordOf(undefined)).toBeUndefined();
  });

  test('splitPhoneDisplay: the record stripped, the phone as stored beside it', () => {
    expect(splitPhoneDisplay<typeof record>(legacyItem, 'contact_phone')).toEqual({
      record,
      phoneDisplay: '+56 2 2345 6789',
    });
    const { phone_display: _, ...notYetBackfilled } = legacyItem;
    expect(splitPhoneDisplay<typeof record>(notYetBackfilled, 'contact_phone').phoneDisplay).toBe('+56223456789');
  });
});
