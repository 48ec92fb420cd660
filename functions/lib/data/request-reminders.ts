import { dynamo } from '../aws/dynamo';
import { DeleteCommand, QueryCommand } from '../aws/dynamo-commands';
import { config } from '../config';
import { mailClaims } from './mail-claims';

/**
 * The daily reminder job's own items (functions/requests/send-request-reminders.ts), found by key, never by a Scan:
 *
 * - `REMIND#<day>` / `<request>`: an open request's next reminder day (written and moved with the request, by
 *   requests.ts; read here a day at a time with one Query).
 * - `REMIND#SENT#<request>` / `<day>#<user>`: one person's reminder of one request and day, claimed before its mail
 *   goes (a conditional Put), so a run repeated or retried mails nobody twice.
 * - `REMIND#STATE` / `STATE`: the last day every reminder was handled for; a run reads the days after it.
 *
 * Claims expire (TTL) after REMINDER_RETENTION_DAYS.
 */
export const REMINDER_RETENTION_DAYS = 30;

/** The requests whose reminder falls on a day (a Query, paged). */
export async function reminderRows(day: string): Promise<Array<{ request: string }>> {
  const found: Array<{ request: string }> = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamo.send(
      new QueryCommand({
        TableName: config.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `REMIND#${day}` },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of out.Items ?? []) found.push({ request: item.sk as string });
    start = out.LastEvaluatedKey;
  } while (start);
  return found;
}

/** A row whose request is gone (it is deleted with nothing else to keep in step). */
export async function dropReminderRow(day: string, request: string): Promise<void> {
  await dynamo.send(new DeleteCommand({ TableName: config.tableName, Key: { pk: `REMIND#${day}`, sk: request } }));
}

// Pure: a handler that imports this module for its other parts keeps none of the ledger's writes in its bundle.
const claims = /* @__PURE__ */ mailClaims({
  state: 'REMIND#STATE',
  claimKey: (request: string, day: string, user: string) => ({ pk: `REMIND#SENT#${request}`, sk: `${day}#${user}` }),
  retentionDays: REMINDER_RETENTION_DAYS,
});

/** The last day every reminder was handled for (moved forward only). */
export const remindersDoneThrough = () => claims.doneThrough();
export const markRemindersDoneThrough = (day: string) => claims.markDoneThrough(day);

/**
 * Claims one person's reminder of a request and day, for the transaction that also writes its unsubscribe link and
 * spends the firm's quota; a claim already there fails it (the mail went, or is going, in another run).
 */
export const claimReminderWrite = (request: string, day: string, user: string, onTaken: () => Error) =>
  claims.claimWrite([request, day, user], onTaken);
export const recordReminder = (request: string, day: string, user: string, state: 'SENT' | 'SUPPRESSED') =>
  claims.record([request, day, user], state);
export const releaseReminder = (request: string, day: string, user: string) => claims.release([request, day, user]);

/** The claims of a request's reminders (day#user → state), for the tests and the job's log. */
export async function reminderClaims(request: string): Promise<Map<string, string>> {
  const out = await dynamo.send(
    new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `REMIND#SENT#${request}` },
      ConsistentRead: true,
    }),
  );
  return new Map((out.Items ?? []).map((i) => [i.sk as string, i.state as string]));
}
