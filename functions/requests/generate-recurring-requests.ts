import type { Context } from 'aws-lambda';
import { REQUEST_TITLE_MAX } from '../../shared/contracts/requests';
import { monthName } from '../../shared/i18n/format';
import { chileDay } from '../../shared/tax-calendar/rules';
import { withLambdaDeadline } from '../lib/aws/aws-client';
import { nowMs } from '../lib/clock';
import { getTemplate as getFolderTemplate, templatesOf } from '../lib/data/folders';
import { type GroupRecord, getGroup } from '../lib/data/groups';
import { getItems } from '../lib/data/list-index';
import type { ProjectRecord } from '../lib/data/projects';
import {
  dueSchedules,
  getRequestSchedule,
  getRequestTemplate,
  queueRowDelete,
  type RequestScheduleRecord,
  type RequestTemplateRecord,
  scheduleDeleteWrites,
  scheduleMoveWrites,
} from '../lib/data/request-templates';
import { createRequestsForSocieties, newRequestRecords } from '../lib/data/requests';
import { getSociety, readSocietyEntries, societiesOfGroup, societiesOfProject } from '../lib/data/societies';
import { keys, nowIso } from '../lib/data/table';
import { transactWrite } from '../lib/data/transact';
import { ApiError } from '../lib/errors';
import { logger } from '../lib/logger';
import { publishingMetrics } from '../lib/metrics';
import { periodAfter, periodDates, type RecurrenceRule, type RulesOf } from './recurrence';
import { queueRequestMails } from './request-mails';
import { taxRules } from './templates';

/**
 * The daily run of recurring requests (EventBridge Scheduler, infra/constructs/request-jobs-schedule.ts). It reads the
 * schedules whose next period is made on or before today (one Query of the queue by day, no Scan) and, for each, makes
 * that period's request for every enabled society of its target, then records the period and places the next one, in
 * one transaction with the queue row's move. A period late (the job did not run that day) is made on the next run.
 *
 * Each request's client users get the mail of a request made (the mail queue's worker, functions/requests/request-mails.ts).
 *
 * Exactly once: a request's uuid is derived from (template, period, society) and written only if new
 * (createRequestsForSocieties), so a run repeated, or retried after a crash between two writes, makes what is missing
 * and nothing twice; a schedule moves on only from the version it was read at.
 */
/** A run stops starting schedules this long before its function's time ends (the next run goes on). */
const TIME_MARGIN_MS = 60_000;
/** Periods one schedule may catch up in one run (a job stopped for months does not make years at once). */
const MAX_PERIODS_PER_RUN = 3;

export interface GenerateOutcome {
  today: string;
  schedules: number;
  periods: string[];
  created: number;
  /** Requests found already made (a run repeated or retried). */
  existing: number;
  /** Schedules left for the next run (time ran out). */
  more: boolean;
}

export interface GenerateOptions {
  /** The run's time (the event's, or a test's): the schedules due on its Chilean day or before are run. */
  now?: number;
  /** Wall-clock time after which no new schedule is started. */
  deadline?: number;
  /** Only one firm's schedules (an operator re-running one firm; tests beside other files' firms); the others wait. */
  project?: string;
}

/**
 * The enabled societies a schedule's target holds now (a group's or project's from their listing directories); none
 * while its group or firm is disabled (their people cannot sign in to answer).
 */
async function societiesOf(target: RequestScheduleRecord['target'], project: string) {
  const [firm] = await getItems<ProjectRecord>([keys.project(project)]);
  if (!firm?.enable) return [];
  if (target.kind === 'SOCIETY') {
    const society = await getSociety(target.uuid);
    const group = society && (await getGroup(society.group_uuid));
    return society?.enable && group?.enable !== false
      ? [
          {
            uuid: society.uuid,
            name: society.society_business_name,
            group_uuid: society.group_uuid,
            project_uuid: society.project_uuid,
          },
        ]
      : [];
  }
  if (target.kind === 'GROUP' && (await getGroup(target.uuid))?.enable === false) return [];
  const directory = target.kind === 'GROUP' ? societiesOfGroup(target.uuid) : societiesOfProject(target.uuid);
  const { entries } = await readSocietyEntries([directory]);
  let live = entries.filter((e) => e.value.e);
  if (target.kind === 'PROJECT') {
    // A disabled group's societies are left out.
    const groups = await getItems<GroupRecord>([...new Set(live.map((e) => e.value.g))].map(keys.group));
    const off = new Set(groups.filter((g) => g.enable === false).map((g) => g.uuid));
    live = live.filter((e) => !off.has(e.value.g));
  }
  return live
    .map((e) => ({ uuid: e.id, name: e.value.n, group_uuid: e.value.g, project_uuid: e.value.p }))
    .sort((a, b) => a.uuid.localeCompare(b.uuid));
}

/** Where the files land: the template's folder, else the project's first top folder by name (none: null). */
async function folderOf(template: RequestTemplateRecord) {
  if (template.folder) {
    const folder = await getFolderTemplate(template.folder);
    if (folder) return { uuid: folder.uuid, name: folder.folder_name };
  }
  const first = (await templatesOf(template.project_uuid))
    .filter((t) => t.main_folder === null)
    .sort((a, b) => a.folder_name.localeCompare(b.folder_name, 'es'))[0];
  return first ? { uuid: first.uuid, name: first.folder_name } : null;
}

/** 'Libros contables · marzo 2026' for a month, '… · año tributario 2027' for a tax year. */
export function titleOf(template: RequestTemplateRecord, period: string): string {
  const label =
    period.length === 4 ? `año tributario ${period}` : `${monthName(Number(period.slice(5, 7)))} ${period.slice(0, 4)}`;
  const suffix = ` · ${label}`;
  return `${template.name.slice(0, REQUEST_TITLE_MAX - suffix.length)}${suffix}`;
}

/** Memoised per run: every schedule of a run reads the same years. */
function cachedRules(): RulesOf {
  const years = new Map<number, ReturnType<RulesOf>>();
  return (year) => {
    if (!years.has(year)) years.set(year, taxRules(year));
    return years.get(year) as ReturnType<RulesOf>;
  };
}

class Moved extends Error {}

/** One schedule: each period whose day has come, made and recorded in turn. */
async function runSchedule(
  row: { schedule_uuid: string; day: string },
  today: string,
  rules: RulesOf,
  outcome: GenerateOutcome,
  project?: string,
) {
  let schedule = await getRequestSchedule(row.schedule_uuid);
  if (schedule && project && schedule.project_uuid !== project) return;
  if (!schedule || schedule.next_day !== row.day) {
    // A row left by a schedule deleted, or moved, between two writes: its schedule has (or had) another row.
    if (!schedule) await transactWrite([queueRowDelete(row.day, row.schedule_uuid)]);
    return;
  }
  const template = await getRequestTemplate(schedule.template_uuid);
  if (!template || template.recurrence.kind === 'NONE') {
    // Its template went (its deletion deletes its schedules; this one was left between two writes).
    await transactWrite(scheduleDeleteWrites(schedule));
    return;
  }
  const rule = template.recurrence as RecurrenceRule;
  const folder = await folderOf(template);
  for (let n = 0; n < MAX_PERIODS_PER_RUN && schedule.next_day <= today; n += 1) {
    const period: string = schedule.next_period;
    const dates = await periodDates(rule, period, rules);
    let after: RequestScheduleRecord;
    if (dates.createOn > today) {
      // The template's dates changed since the schedule was placed: it waits for the new day.
      after = { ...schedule, next_day: dates.createOn, version: schedule.version + 1 };
    } else {
      const societies = await societiesOf(schedule.target, schedule.project_uuid);
      const records = newRequestRecords({
        origin: { schedule: schedule.uuid, period },
        societies,
        title: titleOf(template, period),
        template: { uuid: template.uuid, name: template.name },
        period,
        folder,
        due_date: dates.due,
        items: template.items,
        reminders: template.reminders,
        created_by: schedule.created_by,
        now: nowIso(),
        today,
      });
      const made = await createRequestsForSocieties(records);
      // The mail of a request made, for every request of the period: one made by a run that stopped before queueing
      // its mails is mailed by the retry; the mail worker claims each person's mail, so nobody gets two.
      await queueRequestMails(records.map((r) => ({ request: r.uuid, event: 'CREATED' as const })));
      outcome.created += made.created.length;
      outcome.existing += made.existing;
      outcome.periods.push(`${schedule.uuid}:${period}`);
      const following = periodAfter(rule.kind, period);
      const next = await periodDates(rule, following, rules);
      after = {
        ...schedule,
        last_period: period,
        next_period: following,
        next_day: next.createOn,
        version: schedule.version + 1,
      };
    }
    const moved = new ApiError(409, 'DATA_CONFLICT');
    try {
      await transactWrite(scheduleMoveWrites(schedule, after, () => moved));
    } catch (error) {
      // Another run, an edit of its template or its deletion moved it first: that one goes on.
      if (error === moved) throw new Moved();
      throw error;
    }
    schedule = after;
  }
}

export async function generateRecurringRequests(options: GenerateOptions = {}): Promise<GenerateOutcome> {
  const today = chileDay(options.now ?? nowMs());
  const deadline = options.deadline ?? Number.POSITIVE_INFINITY;
  const outcome: GenerateOutcome = { today, schedules: 0, periods: [], created: 0, existing: 0, more: false };
  const rules = cachedRules();
  for (const row of await dueSchedules(today)) {
    if (Date.now() > deadline) {
      outcome.more = true;
      break;
    }
    outcome.schedules += 1;
    try {
      await runSchedule(row, today, rules, outcome, options.project);
    } catch (error) {
      if (!(error instanceof Moved)) throw error;
      logger.info('Schedule moved by another writer', { schedule: row.schedule_uuid });
    }
  }
  return outcome;
}

/** The scheduled run: 'now' is the event's time (EventBridge Scheduler's), so a retried event makes the same day. */
export function handler(event: { time?: string } | undefined, context?: Pick<Context, 'getRemainingTimeInMillis'>) {
  const deadline = context ? Date.now() + context.getRemainingTimeInMillis() - TIME_MARGIN_MS : undefined;
  const at = event?.time ? Date.parse(event.time) : Number.NaN;
  return publishingMetrics(
    withLambdaDeadline(context, async () => {
      const outcome = await generateRecurringRequests({ now: Number.isNaN(at) ? undefined : at, deadline });
      logger.info('recurring requests', { ...outcome, periods: outcome.periods.length });
      return outcome;
    }),
  );
}
