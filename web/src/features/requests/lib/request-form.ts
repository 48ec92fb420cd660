import {
  dueDateSchema,
  REQUEST_COMMENT_MAX,
  REQUEST_ITEM_NAME_MAX,
  REQUEST_ITEMS_MAX,
  REQUEST_NOTE_MAX,
  type REQUEST_TARGETS,
  REQUEST_TITLE_MAX,
  recurrenceSchema,
  reminderScheduleSchema,
} from '@shared/contracts/requests';
import * as z from 'zod/mini';
import { type ReminderDraft, scheduleOf } from './reminders';

/**
 * The forms' schemas, put together from the contract's own pieces (its due date, reminder and recurrence schemas and
 * its bounds): the contract module keeps its request bodies inline, and a contract reaches the SPA as its route only.
 * Text is checked as the contract's text(max) checks it: trimmed, not blank, at most max.
 */
const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
const note = z.optional(z.string().check(z.trim(), z.maxLength(REQUEST_NOTE_MAX)));

/** An item's template file: the upload (or the template's file) it names; empty while its upload runs. */
const templateFile = z.optional(z.string().check(z.minLength(1)));

export const itemsSchema = z
  .array(z.object({ name: text(REQUEST_ITEM_NAME_MAX), note, template_file: templateFile }))
  .check(z.minLength(1), z.maxLength(REQUEST_ITEMS_MAX));

export type TargetKind = (typeof REQUEST_TARGETS)[number];
/** An item's template file in a form: uploaded (or the template's own), or on its way (`uuid` still empty). */
export interface ItemFileDraft {
  uuid: string;
  file_name: string;
}

export interface ItemDraft {
  name: string;
  note: string;
  file?: ItemFileDraft | null;
}

/** The drafts of items as a template holds them (its files kept). */
export const draftsOf = (
  items: ReadonlyArray<{
    name: string;
    note: string | null;
    template_file: { uuid: string; file_name: string } | null;
  }>,
): ItemDraft[] =>
  items.map((item) => ({
    name: item.name,
    note: item.note ?? '',
    file: item.template_file ? { uuid: item.template_file.uuid, file_name: item.template_file.file_name } : null,
  }));

export interface RequestValues {
  kind: TargetKind;
  /** The chosen society or group ('' until chosen); the project itself for PROJECT. */
  target: string;
  template: string;
  title: string;
  due_date: string;
  folder: string;
  items: ItemDraft[];
  reminders: ReminderDraft;
}

/** The checked part of the new request's body, as the form sends it. */
export const requestFormSchema = z.object({
  target: z.string().check(z.minLength(1)),
  title: text(REQUEST_TITLE_MAX),
  due_date: dueDateSchema,
  items: itemsSchema,
  reminders: reminderScheduleSchema,
});

const itemsOf = (items: ItemDraft[]) =>
  items.map((item) => ({
    name: item.name.trim(),
    ...(item.note.trim() && { note: item.note.trim() }),
    ...(item.file && { template_file: item.file.uuid }),
  }));

/** What the form checks and sends: trimmed, empty optional fields left out. */
export const requestFormBody = (values: RequestValues) => ({
  target: values.target,
  title: values.title.trim(),
  due_date: values.due_date,
  items: itemsOf(values.items),
  reminders: scheduleOf(values.reminders),
});

/** The createRequest body: the form's values, the project (for a project-wide target) and the form's batch. */
export const createRequestBody = (values: RequestValues, batch: string) => {
  const checked = requestFormBody(values);
  return {
    batch,
    target: { kind: values.kind, uuid: values.target },
    ...(values.template && { template: values.template }),
    title: checked.title,
    folder: values.folder || null,
    due_date: checked.due_date,
    items: checked.items,
    reminders: checked.reminders,
  };
};

export interface TemplateValues {
  name: string;
  folder: string;
  items: ItemDraft[];
  reminders: ReminderDraft;
  kind: 'NONE' | 'MONTHLY_F29' | 'ANNUAL_F22';
  /** Days before the form's deadline, as typed (the contract keeps it as a number from -60 to 0). */
  before_deadline: string;
  lead_days: string;
}

const whole = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

export const templateFormSchema = z.object({
  name: text(REQUEST_TITLE_MAX),
  items: itemsSchema,
  reminders: reminderScheduleSchema,
  recurrence: recurrenceSchema,
});

/** The template's body (without the project): what the form checks and sends. */
export const templateFormBody = (values: TemplateValues) => ({
  name: values.name.trim(),
  folder: values.folder || null,
  items: itemsOf(values.items),
  reminders: scheduleOf(values.reminders),
  recurrence: {
    kind: values.kind,
    // Typed as days before the deadline; the contract counts them as a negative offset.
    offset_days: values.kind === 'NONE' ? -5 : 0 - whole(values.before_deadline),
    lead_days: values.kind === 'NONE' ? 10 : whole(values.lead_days),
  },
});

/** A comment to the other side: 'no aplica' (the client's why) or a return (the firm's why). */
export const commentSchema = z.object({ comment: text(REQUEST_COMMENT_MAX) });
