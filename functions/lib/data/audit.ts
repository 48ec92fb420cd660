import { randomUUID } from 'node:crypto';
import type { Caller } from '../auth/caller';
import { nowIso } from './table';
import type { TxWrite } from './tx-write';

export type AuditAction = 'CREATE' | 'UPDATE' | 'ENABLE' | 'DISABLE' | 'DELETE';

/** Field → [before, after] for the fields a change touched. */
export type Changes = Record<string, [unknown, unknown]>;

export function diff(before: Record<string, unknown>, after: Record<string, unknown>): Changes {
  const changes: Changes = {};
  for (const [field, value] of Object.entries(after)) {
    if (JSON.stringify(before[field]) !== JSON.stringify(value)) changes[field] = [before[field] ?? null, value];
  }
  return changes;
}

/**
 * The audit item of an admin change, written in the change's own transaction: who, when, what, and what changed.
 * Kept under the entity (pk AUDIT#<uuid>), newest last.
 */
export function auditWrite(
  tableName: string,
  caller: Caller,
  action: AuditAction,
  entity: { type: string; uuid: string },
  changes: Changes,
): TxWrite {
  const at = nowIso();
  return {
    write: {
      Put: {
        TableName: tableName,
        Item: {
          pk: `AUDIT#${entity.uuid}`,
          sk: `${at}#${randomUUID()}`,
          entity_type: entity.type,
          entity_uuid: entity.uuid,
          action,
          actor_uuid: caller.user.uuid,
          actor_email: caller.user.email,
          actor_role: caller.role,
          changes,
          created: at,
        },
      },
    },
  };
}

/** An edit that only flips enable is audited as ENABLE or DISABLE; any other as UPDATE. */
export function editAction(changes: Changes): AuditAction {
  const fields = Object.keys(changes);
  if (fields.length === 1 && fields[0] === 'enable') return changes.enable?.[1] ? 'ENABLE' : 'DISABLE';
  return 'UPDATE';
}

/** The defined fields of a PATCH body: what the client sent, and only that. */
export function sentFields<T extends Record<string, unknown>>(body: T): Partial<T> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as Partial<T>;
}
