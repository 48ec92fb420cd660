import { DEFAULT_REMINDERS, reminderScheduleSchema } from '@shared/contracts/requests';
import { describe, expect, it } from 'vitest';
import { draftOf, scheduleOf } from './reminders';

describe('the reminder schedule as typed', () => {
  it('goes to the contract and back unchanged', () => {
    expect(draftOf(DEFAULT_REMINDERS)).toEqual({ before: '3', onDue: true, after: '7' });
    expect(scheduleOf(draftOf(DEFAULT_REMINDERS))).toEqual(DEFAULT_REMINDERS);
    expect(scheduleOf({ before: ' 7, 3 ,1 ', onDue: false, after: '' })).toEqual({
      before_days: [7, 3, 1],
      on_due: false,
      after_every_days: null,
    });
  });

  it('keeps a wrong entry, so the contract refuses it instead of the form dropping it', () => {
    for (const draft of [
      { before: '7, tres', onDue: true, after: '' },
      { before: '3, 3', onDue: true, after: '' },
      { before: '', onDue: true, after: '0' },
      { before: '', onDue: true, after: '2.5' },
      { before: '61', onDue: true, after: '' },
    ])
      expect(reminderScheduleSchema.safeParse(scheduleOf(draft)).success, JSON.stringify(draft)).toBe(false);
    expect(reminderScheduleSchema.safeParse(scheduleOf({ before: '', onDue: false, after: '' })).success).toBe(true);
  });
});
