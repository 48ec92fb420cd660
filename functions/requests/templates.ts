import { randomUUID } from 'node:crypto';
import type { BodyOf } from '../../shared/contracts/define';
import type { createRequestSchedule, createRequestTemplate, putRequestTemplate } from '../../shared/contracts/requests';
import { chileDay } from '../../shared/tax-calendar/rules';
import type { Caller } from '../lib/auth/caller';
import { nowMs } from '../lib/clock';
import { config } from '../lib/config';
import { auditWrite, diff } from '../lib/data/audit';
import { getTemplate as getFolderTemplate } from '../lib/data/folders';
import { getGroup } from '../lib/data/groups';
import { getProject } from '../lib/data/projects';
import {
  getRequestSchedule,
  getRequestTemplate,
  projectSchedules,
  projectTemplates,
  type RequestScheduleRecord,
  type RequestTemplateRecord,
  scheduleCreateWrites,
  scheduleDeleteWrites,
  scheduleMoveWrites,
  scheduleUuidOf,
  type TargetKind,
  templateCreateWrites,
  templateDeleteWrites,
  templateReplaceWrites,
} from '../lib/data/request-templates';
import { getSociety } from '../lib/data/societies';
import { nowIso } from '../lib/data/table';
import { MAX_WRITES, transactWrite } from '../lib/data/transact';
import { ApiError, conflict, notFound } from '../lib/errors';
import { groupInScope, projectInScope, societyInScope } from '../lib/scope';
import { rulesOf } from '../tax-calendar/calendar';
import { firstPeriod, periodDates, type RecurrenceRule, type RulesOf } from './recurrence';
import { keptFiles, landRequestFiles, readsProject } from './template-files';

/**
 * Request templates (per project) and their recurring schedules. A PROJECT_ADMIN manages its project's templates (the
 * SUPER_ADMIN any); a GROUP_ADMIN lists and applies them but does not change them. A schedule's target lies in the
 * caller's scope (a GROUP_ADMIN: its group or one of its societies). Anything outside answers 404, as if it did not
 * exist.
 */

/** The tax rules of a year as the calendar has them (the SUPER_ADMIN's saved year, else the committed one). */
export const taxRules: RulesOf = async (year) => (await rulesOf(year))?.rules;

const today = () => chileDay(nowMs());

export function templateView(t: RequestTemplateRecord) {
  return {
    uuid: t.uuid,
    project: t.project_uuid,
    name: t.name,
    folder: t.folder,
    items: t.items.map((i) => ({ name: i.name, note: i.note, template_file: i.template_file ?? null })),
    reminders: t.reminders,
    recurrence: t.recurrence,
    created: t.created,
    updated: t.updated,
  };
}

export async function listTemplates(caller: Caller, project: string) {
  if (!readsProject(caller, project)) throw notFound();
  const templates = await projectTemplates(project);
  return { results: templates.sort((a, b) => a.name.localeCompare(b.name, 'es')).map(templateView) };
}

type TemplateBody = BodyOf<typeof putRequestTemplate>;

/** The destination folder: one of the project's folder templates (another project's answers 404). */
async function folderOf(project: string, folder: string | null | undefined): Promise<string | null> {
  if (!folder) return null;
  const found = await getFolderTemplate(folder);
  if (!found || found.project_uuid !== project) throw notFound();
  return folder;
}

/** The template's fields from its body; its items' files checked and landed last (`kept`: its own files so far). */
async function templateFields(caller: Caller, project: string, body: TemplateBody, kept?: ReadonlySet<string>) {
  const folder = await folderOf(project, body.folder);
  const files = await landRequestFiles(caller, project, body.items, kept);
  return {
    name: body.name,
    folder,
    items: body.items.map((i) => ({
      name: i.name,
      note: i.note ?? null,
      template_file: i.template_file ? (files.get(i.template_file) ?? null) : null,
    })),
    reminders: body.reminders,
    recurrence: body.recurrence,
  };
}

export async function createTemplate(caller: Caller, body: BodyOf<typeof createRequestTemplate>) {
  if (!projectInScope(caller, body.project) || !(await getProject(body.project))) throw notFound();
  const at = nowIso();
  const { project: _project, ...fields } = body;
  const template: RequestTemplateRecord = {
    uuid: randomUUID(),
    project_uuid: body.project,
    ...(await templateFields(caller, body.project, fields)),
    created: at,
    updated: at,
    version: 1,
  };
  await transactWrite([
    ...templateCreateWrites(template),
    auditWrite(
      config.tableName,
      caller,
      'CREATE',
      { type: 'REQUEST_TEMPLATE', uuid: template.uuid },
      diff({}, { ...templateView(template) }),
    ),
  ]);
  return templateView(template);
}

async function managedTemplate(caller: Caller, uuid: string) {
  const template = await getRequestTemplate(uuid);
  if (!template || !projectInScope(caller, template.project_uuid)) throw notFound();
  return template;
}

const schedulesOf = async (template: RequestTemplateRecord) =>
  (await projectSchedules(template.project_uuid)).filter((s) => s.template_uuid === template.uuid);

/**
 * Replaces a template. Requests already made keep their items; its schedules make their later periods with the new
 * items and dates (each schedule's next day is placed again). A template with schedules keeps its kind of recurrence
 * (409 TEMPLATE_HAS_SCHEDULES): a monthly schedule cannot become an annual one, nor stop, behind its admins' backs.
 */
export async function putTemplate(caller: Caller, uuid: string, body: TemplateBody) {
  const before = await managedTemplate(caller, uuid);
  // Refused before its files land: a refusal writes nothing.
  const schedules = await schedulesOf(before);
  if (schedules.length > 0 && body.recurrence.kind !== before.recurrence.kind) {
    throw conflict('TEMPLATE_HAS_SCHEDULES');
  }
  const after: RequestTemplateRecord = {
    ...before,
    ...(await templateFields(caller, before.project_uuid, body, keptFiles(before.items))),
    updated: nowIso(),
    version: before.version + 1,
  };
  await transactWrite([
    ...templateReplaceWrites(before, after),
    auditWrite(
      config.tableName,
      caller,
      'UPDATE',
      { type: 'REQUEST_TEMPLATE', uuid },
      diff({ ...templateView(before) }, { ...templateView(after) }),
    ),
  ]);
  if (after.recurrence.kind !== 'NONE') {
    const rule = after.recurrence as RecurrenceRule;
    for (const schedule of schedules) await placeAgain(schedule, rule);
  }
  return templateView(after);
}

/** A schedule's next day from its template's new rule (its period stays: the job makes it on that day). */
async function placeAgain(schedule: RequestScheduleRecord, rule: RecurrenceRule) {
  const { createOn } = await periodDates(rule, schedule.next_period, taxRules);
  if (createOn === schedule.next_day) return;
  const after = { ...schedule, next_day: createOn, version: schedule.version + 1 };
  // Moved meanwhile by the job: it placed the next period with the template it read, the new one already.
  await transactWrite(scheduleMoveWrites(schedule, after, () => conflict('DATA_CONFLICT'))).catch((error) => {
    if (!(error instanceof ApiError && error.status === 409)) throw error;
  });
}

/** Deletes a template and its schedules (requests already made stay). */
export async function deleteTemplate(caller: Caller, uuid: string) {
  const template = await managedTemplate(caller, uuid);
  const schedules = await schedulesOf(template);
  // The schedules go first, in transactions of at most 100 writes: a failure halfway leaves the template and the
  // schedules not yet deleted, and the same call finishes the rest.
  const perTx = Math.floor((MAX_WRITES - 1) / 3);
  for (let i = 0; i < schedules.length; i += perTx) {
    await transactWrite(schedules.slice(i, i + perTx).flatMap(scheduleDeleteWrites));
  }
  await transactWrite([
    ...templateDeleteWrites(template),
    auditWrite(
      config.tableName,
      caller,
      'DELETE',
      { type: 'REQUEST_TEMPLATE', uuid },
      diff({ name: template.name }, { name: null }),
    ),
  ]);
  return { detail: 'Plantilla eliminada' };
}

// Schedules.

interface Target {
  kind: TargetKind;
  uuid: string;
  name: string;
  project_uuid: string;
  group_uuid: string | null;
}

/** A target the caller reaches (a GROUP_ADMIN: its group or one of its societies), or 404. */
async function targetOf(caller: Caller, target: { kind: TargetKind; uuid: string }): Promise<Target> {
  if (target.kind === 'SOCIETY') {
    const society = await getSociety(target.uuid);
    if (!society || !societyInScope(caller, society)) throw notFound();
    const { society_business_name: name, project_uuid, group_uuid } = society;
    return { ...target, name, project_uuid, group_uuid };
  }
  if (target.kind === 'GROUP') {
    const group = await getGroup(target.uuid);
    if (!group || !groupInScope(caller, group)) throw notFound();
    return { ...target, name: group.group_name, project_uuid: group.project_uuid, group_uuid: group.uuid };
  }
  const project = await getProject(target.uuid);
  if (!project || !projectInScope(caller, project.uuid)) throw notFound();
  return { ...target, name: project.project_name, project_uuid: project.uuid, group_uuid: null };
}

/** Whether the caller reaches a schedule: the same rule as its target's (kept on it). */
function reachesSchedule(caller: Caller, s: RequestScheduleRecord): boolean {
  if (projectInScope(caller, s.project_uuid)) return true;
  return caller.role === 'GROUP_ADMIN' && s.group_uuid !== null && caller.user.group_uuids.includes(s.group_uuid);
}

function scheduleView(s: RequestScheduleRecord, templateName: string) {
  return {
    uuid: s.uuid,
    template: { uuid: s.template_uuid, name: templateName },
    target: s.target,
    last_period: s.last_period,
    created: s.created,
    created_by: s.created_by,
  };
}

export async function listSchedules(caller: Caller, project: string) {
  if (!readsProject(caller, project)) throw notFound();
  const [schedules, templates] = await Promise.all([projectSchedules(project), projectTemplates(project)]);
  const names = new Map(templates.map((t) => [t.uuid, t.name]));
  return {
    results: schedules
      .filter((s) => reachesSchedule(caller, s) && names.has(s.template_uuid))
      .sort((a, b) => a.created.localeCompare(b.created))
      .map((s) => scheduleView(s, names.get(s.template_uuid) as string)),
  };
}

export async function createSchedule(caller: Caller, body: BodyOf<typeof createRequestSchedule>) {
  const template = await getRequestTemplate(body.template);
  if (!template || !readsProject(caller, template.project_uuid)) throw notFound();
  const target = await targetOf(caller, body.target);
  // A template applies inside its own project only.
  if (target.project_uuid !== template.project_uuid) throw notFound();
  if (template.recurrence.kind === 'NONE') throw new ApiError(400, 'TEMPLATE_NOT_RECURRING');
  const first = await firstPeriod(template.recurrence as RecurrenceRule, today(), taxRules);
  const schedule: RequestScheduleRecord = {
    uuid: scheduleUuidOf(template.uuid, target),
    project_uuid: template.project_uuid,
    group_uuid: target.group_uuid,
    template_uuid: template.uuid,
    target: { kind: target.kind, uuid: target.uuid, name: target.name },
    last_period: null,
    next_period: first.period,
    next_day: first.createOn,
    created: nowIso(),
    created_by: { uuid: caller.user.uuid, first_name: caller.user.first_name, last_name: caller.user.last_name },
    version: 1,
  };
  await transactWrite([
    ...scheduleCreateWrites(schedule, () => conflict('SCHEDULE_EXISTS')),
    auditWrite(
      config.tableName,
      caller,
      'CREATE',
      { type: 'REQUEST_SCHEDULE', uuid: schedule.uuid },
      diff({}, { template: template.uuid, target: schedule.target, first_period: first.period }),
    ),
  ]);
  return scheduleView(schedule, template.name);
}

export async function deleteSchedule(caller: Caller, uuid: string) {
  const schedule = await getRequestSchedule(uuid);
  if (!schedule || !reachesSchedule(caller, schedule)) throw notFound();
  await transactWrite([
    ...scheduleDeleteWrites(schedule),
    auditWrite(
      config.tableName,
      caller,
      'DELETE',
      { type: 'REQUEST_SCHEDULE', uuid },
      diff({ target: schedule.target }, { target: null }),
    ),
  ]);
  return { detail: 'Programación eliminada' };
}
