import { describe, expect, test } from 'vitest';
import { countsOf, derivedUuid, newRequestRecords, nextReminderDay } from './requests';

describe('derivedUuid', () => {
  test('the same parts give the same uuid, other parts another, always a valid v5-style uuid', () => {
    const a = derivedUuid('batch', 'b1', 's1');
    expect(derivedUuid('batch', 'b1', 's1')).toBe(a);
    expect(derivedUuid('batch', 'b1', 's2')).not.toBe(a);
    // Parts are separated: ('ab', 'c') is not ('a', 'bc').
    expect(derivedUuid('ab', 'c')).not.toBe(derivedUuid('a', 'bc'));
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('nextReminderDay', () => {
  const schedule = { before_days: [3, 7], on_due: true, after_every_days: 7 };
  test('the nearest listed day after today, then the due date, then every so many days after it', () => {
    expect(nextReminderDay({ due_date: '2026-03-20' }, schedule, '2026-03-01')).toBe('2026-03-13');
    expect(nextReminderDay({ due_date: '2026-03-20' }, schedule, '2026-03-13')).toBe('2026-03-17');
    expect(nextReminderDay({ due_date: '2026-03-20' }, schedule, '2026-03-17')).toBe('2026-03-20');
    expect(nextReminderDay({ due_date: '2026-03-20' }, schedule, '2026-03-20')).toBe('2026-03-27');
    expect(nextReminderDay({ due_date: '2026-03-20' }, schedule, '2026-03-30')).toBe('2026-04-03');
  });
  test('none left without reminders after the due date', () => {
    expect(nextReminderDay({ due_date: '2026-03-20' }, { ...schedule, after_every_days: null }, '2026-03-20')).toBe(
      null,
    );
  });
});

test('a batch makes one request per society, the same uuids on a retry, items pending and counted', () => {
  const input = {
    origin: { batch: 'lote' },
    societies: [
      { uuid: 's1', name: 'Uno', group_uuid: 'g', project_uuid: 'p' },
      { uuid: 's2', name: 'Dos', group_uuid: 'g', project_uuid: 'p' },
    ],
    title: 'Cierre',
    template: null,
    period: null,
    folder: null,
    due_date: '2026-03-20',
    items: [{ name: 'Libro de compras' }, { name: 'Cartola', note: 'De marzo' }],
    reminders: { before_days: [3], on_due: true, after_every_days: null },
    created_by: { uuid: 'u', first_name: 'Ana', last_name: 'Pérez' },
    now: '2026-03-01T12:00:00.000Z',
    today: '2026-03-01',
  };
  const first = newRequestRecords(input);
  const again = newRequestRecords(input);
  expect(first.map((r) => r.uuid)).toEqual(again.map((r) => r.uuid));
  expect(new Set(first.map((r) => r.uuid)).size).toBe(2);
  expect(first[0]?.items.map((i) => i.state)).toEqual(['PENDING', 'PENDING']);
  expect(first[0]?.remind_day).toBe('2026-03-17');
  expect(
    countsOf([{ state: 'ACCEPTED' }, { state: 'DELIVERED' }, { state: 'RETURNED' }, { state: 'PENDING' }]),
  ).toEqual({ total: 4, answered: 2, accepted: 1, returned: 1 });
});

test("two schedules of one template reaching a society make the same period's request; another period another", () => {
  const society = { uuid: 's1', name: 'Uno', group_uuid: 'g', project_uuid: 'p' };
  const ofSchedule = (schedule: string, period: string) =>
    newRequestRecords({
      origin: { schedule, period },
      societies: [society],
      title: 'Documentos del F29',
      template: { uuid: 't1', name: 'Documentos del F29' },
      period,
      folder: null,
      due_date: '2027-02-17',
      items: [{ name: 'Libro de compras' }],
      reminders: { before_days: [], on_due: true, after_every_days: null },
      created_by: { uuid: 'u', first_name: 'Ana', last_name: 'Pérez' },
      now: '2027-02-07T12:00:00.000Z',
      today: '2027-02-07',
    })[0]?.uuid;
  // The group's schedule and the society's own.
  expect(ofSchedule('schedule-of-group', '2027-01')).toBe(ofSchedule('schedule-of-society', '2027-01'));
  expect(ofSchedule('schedule-of-group', '2027-02')).not.toBe(ofSchedule('schedule-of-group', '2027-01'));
});
