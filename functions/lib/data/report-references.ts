import { dynamo } from '../aws/dynamo';
import { QueryCommand } from '../aws/dynamo-commands';
import { config } from '../config';
import { transactWrite } from './transact';
import type { TxWrite } from './tx-write';

/**
 * Report references (portal §3 "Report reference per user: reporte, usuario, cant_see"): one item under the user,
 * read by the user lists in one Query, and its mirror under the report, read by the admin's view of a report.
 */
export interface ReportReference {
  reporte: string;
  usuario: string;
  cant_see: boolean;
}

const ofUser = (user: string, report: string) => ({ pk: `REPORT_REF#${user}`, sk: `REPORT#${report}` });
const ofReport = (report: string, user: string) => ({ pk: `REPORT_REFS#${report}`, sk: `USER#${user}` });

export function referenceWrites(reference: ReportReference): TxWrite[] {
  return [ofUser(reference.usuario, reference.reporte), ofReport(reference.reporte, reference.usuario)].map((key) => ({
    write: { Put: { TableName: config.tableName, Item: { ...key, ...reference } } },
  }));
}

async function queryAll(pk: string): Promise<ReportReference[]> {
  const found: ReportReference[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamo.send(
      new QueryCommand({
        TableName: config.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of out.Items ?? []) {
      found.push({ reporte: item.reporte, usuario: item.usuario, cant_see: Boolean(item.cant_see) });
    }
    start = out.LastEvaluatedKey;
  } while (start);
  return found;
}

/** A user's references, in one Query (a page holds thousands). */
export const referencesOfUser = (user: string) => queryAll(`REPORT_REF#${user}`);
export const referencesOfReport = (report: string) => queryAll(`REPORT_REFS#${report}`);

/** Both copies of a reference, per transaction: 50 pairs stay within DynamoDB's 100 writes. */
const PAIRS_PER_ROUND = 50;

/**
 * Removes every reference of a deleted report (none outlives its report), both copies of each pair in one
 * transaction, in rounds of 50 pairs. Run after the report's own delete: should a round fail, what is left names a
 * report that no longer exists, and deleting the report again is answered 404, so nothing shows it.
 */
export async function removeReferencesOfReport(report: string): Promise<void> {
  const references = await referencesOfReport(report);
  for (let start = 0; start < references.length; start += PAIRS_PER_ROUND) {
    await transactWrite(
      references.slice(start, start + PAIRS_PER_ROUND).flatMap((r) =>
        [ofUser(r.usuario, r.reporte), ofReport(r.reporte, r.usuario)].map((key) => ({
          write: { Delete: { TableName: config.tableName, Key: key } },
        })),
      ),
    );
  }
}
