import { dynamo } from '../aws/dynamo';
import { ScanCommand } from '../aws/dynamo-commands';
import { config } from '../config';
import { ApiError } from '../errors';
import { getSociety, legacyRutKey, rutKey } from './societies';
import { keys } from './table';
import { transactWrite } from './transact';
import type { TxWrite } from './tx-write';
import { checkWhen, deleteWhen } from './writes';

/**
 * One-off maintenance: RUT markers written when a RUT was unique portal-wide (`legacyRutKey`, no project)
 * become per-project markers (`rutKey`). The code reads both meanwhile, so the table is right before and after; this
 * only lets the request paths stop reading the old ones. `local/backfill-society-ruts.ts` runs it against a table.
 * Never on a request path: it scans.
 */

export interface LegacyRutMarker {
  rut: string;
  owner: string;
}

/** Every legacy RUT marker, by a paginated Scan. */
export async function scanLegacyRutMarkers(): Promise<LegacyRutMarker[]> {
  const prefix = legacyRutKey('').pk;
  const markers: LegacyRutMarker[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo.send(
      new ScanCommand({
        TableName: config.tableName,
        FilterExpression: 'begins_with(pk, :prefix) AND sk = :sk',
        ExpressionAttributeValues: { ':prefix': prefix, ':sk': legacyRutKey('').sk },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      markers.push({ rut: (item.pk as string).slice(prefix.length), owner: item.owner_uuid as string });
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return markers;
}

export interface SocietyRutBackfill {
  checked: number;
  /** Markers moved to their society's project. */
  moved: number;
  /** Markers of a society gone or holding another RUT now: deleted. */
  dropped: number;
  /** Societies edited since they were read: left for the next run (the code reads their legacy marker meanwhile). */
  changed: number;
}

/**
 * Moves each legacy marker to its society's project, in one transaction per marker conditioned on the society as read
 * (a society edited meanwhile is skipped) and on the marker's owner. Idempotent: a marker moved is gone.
 */
export async function backfillSocietyRuts(markers: LegacyRutMarker[]): Promise<SocietyRutBackfill> {
  const out: SocietyRutBackfill = { checked: markers.length, moved: 0, dropped: 0, changed: 0 };
  for (const { rut, owner } of markers) {
    const society = await getSociety(owner);
    const changed = new ApiError(409, 'DATA_CONFLICT');
    const dropLegacy = deleteWhen(
      legacyRutKey(rut),
      { expression: 'owner_uuid = :owner', values: { ':owner': owner } },
      () => changed,
    );
    const holds = society?.society_rut === rut;
    const writes: TxWrite[] = holds
      ? [
          dropLegacy,
          {
            write: {
              Put: {
                TableName: config.tableName,
                Item: { ...rutKey(society.project_uuid, rut), owner_uuid: owner },
                ConditionExpression: 'attribute_not_exists(pk) OR owner_uuid = :owner',
                ExpressionAttributeValues: { ':owner': owner },
              },
            },
            onConditionFail: () => changed,
          },
          checkWhen(
            keys.society(owner),
            { expression: 'version = :version', values: { ':version': society.version } },
            () => changed,
          ),
        ]
      : [dropLegacy];
    try {
      await transactWrite(writes);
      if (holds) out.moved += 1;
      else out.dropped += 1;
    } catch (error) {
      if (error !== changed) throw error;
      out.changed += 1;
    }
  }
  return out;
}
