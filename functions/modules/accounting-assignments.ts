import type { z } from 'zod/mini';
import type {
  accountingAssignmentCreateSchema,
  accountingAssignmentPatchSchema,
} from '../../shared/contracts/accounting-assignments';
import {
  adminView,
  commonFields,
  commonView,
  type KindRules,
  type ListQuery,
  pageAssignments,
  removeRecord,
  requireForAdmin,
  saveEdit,
  saveNew,
} from '../lib/assignments/assignments';
import type { Caller } from '../lib/auth/caller';
import type { AccountingAssignmentRecord } from '../lib/data/accounting-assignments';

/**
 * Accounting assignments (portal §3, §4 Accounting wizard): the module-assignment rules (lib/assignments)
 * plus the statement type. GROUP_ADMIN manages those whose targets are all its groups and societies.
 */
export const ACCOUNTING_RULES: KindRules<AccountingAssignmentRecord> = {
  kind: 'ACCOUNTING',
  moduleType: 'ACCOUNTING',
  auditType: 'ACCOUNTING_ASSIGNMENT',
  entryExtra: (r) => ({ a: r.accounting_type }),
  searchText: (r) => [r.description],
};

export function accountingView(
  caller: Caller,
  record: AccountingAssignmentRecord,
  names: Map<string, Record<string, unknown>>,
  moduleName: string,
) {
  return { ...commonView(caller, record, names, moduleName), accounting_type: record.accounting_type };
}

export async function createAccountingAssignment(
  caller: Caller,
  input: z.output<typeof accountingAssignmentCreateSchema>,
) {
  const record: AccountingAssignmentRecord = {
    ...(await commonFields(caller, 'ACCOUNTING', input)),
    kind: 'ACCOUNTING',
    accounting_type: input.accounting_type,
  };
  await saveNew(caller, ACCOUNTING_RULES, record);
  return adminView(caller, ACCOUNTING_RULES, record, accountingView);
}

export async function patchAccountingAssignment(
  caller: Caller,
  uuid: string,
  input: z.output<typeof accountingAssignmentPatchSchema>,
) {
  const before = await requireForAdmin<AccountingAssignmentRecord>(caller, 'ACCOUNTING', uuid, {
    version: input.version,
  });
  const after: AccountingAssignmentRecord = {
    ...(await commonFields(caller, 'ACCOUNTING', input, before)),
    kind: 'ACCOUNTING',
    accounting_type: input.accounting_type ?? before.accounting_type,
  };
  await saveEdit(caller, ACCOUNTING_RULES, before, after);
  return adminView(caller, ACCOUNTING_RULES, after, accountingView);
}

export async function deleteAccountingAssignment(caller: Caller, uuid: string) {
  const record = await requireForAdmin<AccountingAssignmentRecord>(caller, 'ACCOUNTING', uuid, {});
  await removeRecord(caller, ACCOUNTING_RULES, record);
  return { detail: 'ok' };
}

export async function getAccountingAssignment(caller: Caller, uuid: string) {
  const record = await requireForAdmin<AccountingAssignmentRecord>(caller, 'ACCOUNTING', uuid, false);
  return adminView(caller, ACCOUNTING_RULES, record, accountingView);
}

export const pageAccountingAssignments = (caller: Caller, query: ListQuery) =>
  pageAssignments(caller, ACCOUNTING_RULES, query, accountingView);
