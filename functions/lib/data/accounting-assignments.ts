import type { AssignmentRecord } from './reports';

/**
 * Accounting assignments (portal §3): stored as module assignments of kind ACCOUNTING (reports.ts holds the shared
 * storage: record key, listing directories, entries).
 */
export type AccountingType = 'BALANCE_8_COLUMNS' | 'FINANCIAL_SITUATION' | 'STATUS_RESULTS' | 'CASH_FLOWS';

export interface AccountingAssignmentRecord extends AssignmentRecord {
  kind: 'ACCOUNTING';
  accounting_type: AccountingType;
}
