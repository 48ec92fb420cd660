import { createHash } from 'node:crypto';
import type { RECURRENCES, REQUEST_TARGETS, ReminderSchedule } from '../../../shared/contracts/requests';
import { dynamo } from '../aws/dynamo';
import { GetCommand, QueryCommand } from '../aws/dynamo-commands';
import { config } from '../config';
import { type ApiError, conflict } from '../errors';
import type { RequestItemFile } from './requests';
import { recordOf } from './table';
import type { TxWrite } from './tx-write';
import { deleteKey, putNew } from './writes';

/**
 * Request templates and their recurring schedules ('Solicitudes', README). Keys:
 * - a template `REQTPL#<t>` / `REQTPL`, and its copy in its project's list `REQTPLS#<project>` / `<t>` (a list is
 *   one Query);
 * - a schedule `REQSCHED#<s>` / `REQSCHED`, its copy in its project's list `REQSCHEDS#<project>` / `<s>`, and its
 *   place in the daily job's queue `REQSCHED#NEXT` / `<day its next period is made>#<s>`: the job reads the days up to
 *   today with one Query, never a Scan, and each period moves the row to the next period's day in the same
 *   transaction that records the period made.
 * A schedule's id is derived from its template and target, so the same pair cannot be scheduled twice.
 */

export interface Person {
  uuid: string;
  first_name: string;
  last_name: string;
}

export interface RequestTemplateRecord {
  uuid: string;
  project_uuid: string;
  name: string;
  folder: string | null;
  /** Each item's template file, if any (absent on templates saved before files). */
  items: Array<{ name: string; note: string | null; template_file?: RequestItemFile | null }>;
  reminders: ReminderSchedule;
  recurrence: { kind: (typeof RECURRENCES)[number]; offset_days: number; lead_days: number };
  created: string;
  updated: string;
  version: number;
}

export type TargetKind = (typeof REQUEST_TARGETS)[number];

export interface RequestScheduleRecord {
  uuid: string;
  project_uuid: string;
  /** The target's group (null for a whole project): a GROUP_ADMIN reaches the schedules of its groups. */
  group_uuid: string | null;
  template_uuid: string;
  target: { kind: TargetKind; uuid: string; name: string };
  last_period: string | null;
  /** The next period to make, and the Chilean day it is made on (its queue row's). */
  next_period: string;
  next_day: string;
  created: string;
  created_by: Person;
  version: number;
}

const templateKey = (uuid: string) => ({ pk: `REQTPL#${uuid}`, sk: 'REQTPL' });
const templateRow = (t: Pick<RequestTemplateRecord, 'project_uuid' | 'uuid'>) => ({
  pk: `REQTPLS#${t.project_uuid}`,
  sk: t.uuid,
});
const scheduleKey = (uuid: string) => ({ pk: `REQSCHED#${uuid}`, sk: 'REQSCHED' });
const scheduleRow = (s: Pick<RequestScheduleRecord, 'project_uuid' | 'uuid'>) => ({
  pk: `REQSCHEDS#${s.project_uuid}`,
  sk: s.uuid,
});
const QUEUE = 'REQSCHED#NEXT';
const queueRow = (s: Pick<RequestScheduleRecord, 'next_day' | 'uuid'>) => ({
  pk: QUEUE,
  sk: `${s.next_day}#${s.uuid}`,
});

/** A uuid (version 5 layout) derived from names: the same names give the same id, on every retry. */
export function derivedUuid(...parts: string[]): string {
  const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  const variant = ((Number.parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export const scheduleUuidOf = (template: string, target: { kind: TargetKind; uuid: string }) =>
  derivedUuid('request-schedule', template, target.kind, target.uuid);

async function getRecord<T>(key: { pk: string; sk: string }): Promise<T | undefined> {
  const { Item } = await dynamo.send(new GetCommand({ TableName: config.tableName, Key: key, ConsistentRead: true }));
  return recordOf<T>(Item);
}

/** Every item of a partition (a project's list, a day of the queue), paged by Query. */
async function queryAll<T>(pk: string, range?: { upTo: string }): Promise<Array<T & { sk: string }>> {
  const found: Array<T & { sk: string }> = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamo.send(
      new QueryCommand({
        TableName: config.tableName,
        KeyConditionExpression: range ? 'pk = :pk AND sk <= :upto' : 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk, ...(range && { ':upto': range.upTo }) },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of out.Items ?? []) found.push({ ...(recordOf<T>(item) as T), sk: item.sk as string });
    start = out.LastEvaluatedKey;
  } while (start);
  return found;
}

// Templates.

export const getRequestTemplate = (uuid: string) => getRecord<RequestTemplateRecord>(templateKey(uuid));

export async function projectTemplates(project: string): Promise<RequestTemplateRecord[]> {
  return (await queryAll<RequestTemplateRecord>(`REQTPLS#${project}`)).map(({ sk: _sk, ...t }) => t);
}

export const templateCreateWrites = (t: RequestTemplateRecord): TxWrite[] => [
  putNew({ ...templateKey(t.uuid), ...t }),
  putNew({ ...templateRow(t), ...t }),
];

/** Replaces a template unchanged since it was read (version), and its list copy. */
export function templateReplaceWrites(before: RequestTemplateRecord, after: RequestTemplateRecord): TxWrite[] {
  return [
    {
      write: {
        Put: {
          TableName: config.tableName,
          Item: { ...templateKey(after.uuid), ...after },
          ConditionExpression: 'version = :version',
          ExpressionAttributeValues: { ':version': before.version },
        },
      },
      onConditionFail: () => conflict('DATA_CONFLICT'),
    },
    { write: { Put: { TableName: config.tableName, Item: { ...templateRow(after), ...after } } } },
  ];
}

export const templateDeleteWrites = (t: RequestTemplateRecord): TxWrite[] => [
  {
    write: {
      Delete: {
        TableName: config.tableName,
        Key: templateKey(t.uuid),
        ConditionExpression: 'version = :version',
        ExpressionAttributeValues: { ':version': t.version },
      },
    },
    onConditionFail: () => conflict('DATA_CONFLICT'),
  },
  deleteKey(templateRow(t)),
];

// Schedules.

export const getRequestSchedule = (uuid: string) => getRecord<RequestScheduleRecord>(scheduleKey(uuid));

export async function projectSchedules(project: string): Promise<RequestScheduleRecord[]> {
  return (await queryAll<RequestScheduleRecord>(`REQSCHEDS#${project}`)).map(({ sk: _sk, ...s }) => s);
}

export const scheduleCreateWrites = (s: RequestScheduleRecord, onTaken: () => ApiError): TxWrite[] => [
  putNew({ ...scheduleKey(s.uuid), ...s }, onTaken),
  putNew({ ...scheduleRow(s), ...s }),
  putNew({ ...queueRow(s), schedule_uuid: s.uuid }),
];

export const scheduleDeleteWrites = (s: RequestScheduleRecord): TxWrite[] => [
  deleteKey(scheduleKey(s.uuid)),
  deleteKey(scheduleRow(s)),
  deleteKey(queueRow(s)),
];

/**
 * Moves a schedule on, if it is still as read (version): a new period made, or its next day placed again (its template
 * changed); its queue row moves with it. A failed condition means another run or an edit moved it first.
 */
export function scheduleMoveWrites(
  before: RequestScheduleRecord,
  after: RequestScheduleRecord,
  onMoved: () => ApiError,
): TxWrite[] {
  const moved = before.next_day !== after.next_day;
  return [
    {
      write: {
        Put: {
          TableName: config.tableName,
          Item: { ...scheduleKey(after.uuid), ...after },
          ConditionExpression: 'version = :version',
          ExpressionAttributeValues: { ':version': before.version },
        },
      },
      onConditionFail: onMoved,
    },
    { write: { Put: { TableName: config.tableName, Item: { ...scheduleRow(after), ...after } } } },
    ...(moved
      ? [
          deleteKey(queueRow(before)),
          { write: { Put: { TableName: config.tableName, Item: { ...queueRow(after), schedule_uuid: after.uuid } } } },
        ]
      : []),
  ];
}

/** The queue rows of the days up to `today` (a schedule per row, oldest day first). */
export async function dueSchedules(today: string): Promise<Array<{ schedule_uuid: string; day: string }>> {
  const rows = await queryAll<{ schedule_uuid: string }>(QUEUE, { upTo: `${today}#\uffff` });
  return rows.map((r) => ({ schedule_uuid: r.schedule_uuid, day: r.sk.slice(0, 10) }));
}

/** Drops a queue row whose schedule is gone. */
export const queueRowDelete = (day: string, schedule: string): TxWrite =>
  deleteKey({ pk: QUEUE, sk: `${day}#${schedule}` });
