import type { ReminderSchedule } from '@shared/contracts/requests';

/** The reminder schedule as the forms edit it: the days before as typed ('7, 3, 1'), the days after as typed. */
export interface ReminderDraft {
  before: string;
  onDue: boolean;
  after: string;
}

export const draftOf = (schedule: ReminderSchedule): ReminderDraft => ({
  before: schedule.before_days.join(', '),
  onDue: schedule.on_due,
  after: schedule.after_every_days === null ? '' : String(schedule.after_every_days),
});

/** A typed whole number, or NaN (which the contract's schema then refuses) for anything else. */
const whole = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/**
 * The schedule the contract takes, from what was typed. Nothing is dropped or fixed silently: a wrong entry stays in
 * as NaN, so the contract's own schema fails and the form says so.
 */
export const scheduleOf = (draft: ReminderDraft): ReminderSchedule => ({
  before_days: draft.before.trim() === '' ? [] : draft.before.split(',').map(whole),
  on_due: draft.onDue,
  after_every_days: draft.after.trim() === '' ? null : whole(draft.after),
});
