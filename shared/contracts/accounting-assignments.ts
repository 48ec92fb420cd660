import * as z from 'zod/mini';
import {
  assignmentInputFields,
  assignmentListQuery,
  assignmentParams,
  assignmentViewFields,
} from './assignment-fields';
import { defineContract } from './define';
import { okSchema, pageOf } from './fields';

/**
 * Accounting assignments (portal §3 Accounting assignment, §7): a statement placed in a module for the roles
 * and targets chosen, opened at /accounting/{type}/{uuid}. GROUP_ADMIN manages them within its groups (portal §2).
 */
const ADMINS = ['SUPER_ADMIN', 'PROJECT_ADMIN', 'GROUP_ADMIN'] as const;

export const ACCOUNTING_TYPES = ['BALANCE_8_COLUMNS', 'FINANCIAL_SITUATION', 'STATUS_RESULTS', 'CASH_FLOWS'] as const;
export const accountingTypeSchema = z.enum(ACCOUNTING_TYPES);

/** The viewer's route number per type (portal §2: 1 balance, 2 financial situation, 3 results, 4 cash flow). */
export const ACCOUNTING_TYPE_NUMBER: Record<(typeof ACCOUNTING_TYPES)[number], number> = {
  BALANCE_8_COLUMNS: 1,
  FINANCIAL_SITUATION: 2,
  STATUS_RESULTS: 3,
  CASH_FLOWS: 4,
};

const inputFields = { ...assignmentInputFields, accounting_type: accountingTypeSchema };
export const accountingAssignmentCreateSchema = z.object(inputFields);
export const accountingAssignmentPatchSchema = z.partial(z.object(inputFields));

export const accountingAssignmentSchema = z.object({ ...assignmentViewFields, accounting_type: accountingTypeSchema });

export const listAccountingAssignments = defineContract({
  id: 'listAccountingAssignments',
  method: 'GET',
  path: 'api/v1/modules/accounting/report/',
  access: ADMINS,
  statuses: [404],
  handler: 'modules/list-accounting-assignments',
  summary: 'Accounting assignments in scope: enabled or not, filtered by project › group › society, searched',
  query: assignmentListQuery,
  response: pageOf(accountingAssignmentSchema),
});

export const searchAccountingAssignments = defineContract({
  id: 'searchAccountingAssignments',
  method: 'GET',
  path: 'api/v1/modules/accounting/search/',
  access: ADMINS,
  statuses: [404],
  handler: 'modules/search-accounting-assignments',
  summary: 'Accounting assignments in scope whose menu name contains the search text',
  query: assignmentListQuery,
  response: pageOf(accountingAssignmentSchema),
});

export const createAccountingAssignment = defineContract({
  id: 'createAccountingAssignment',
  method: 'POST',
  path: 'api/v1/modules/accounting/report/',
  access: ADMINS,
  handler: 'modules/create-accounting-assignment',
  summary: 'Assign a statement (multipart or JSON; targets within the caller scope)',
  body: accountingAssignmentCreateSchema,
  multipartFiles: {},
  response: accountingAssignmentSchema,
  successStatus: 201,
});

export const getAccountingAssignment = defineContract({
  id: 'getAccountingAssignment',
  method: 'GET',
  path: 'api/v1/modules/accounting/report/{uuid}/',
  access: ADMINS,
  handler: 'modules/get-accounting-assignment',
  summary: 'One accounting assignment as its form and detail show it',
  params: assignmentParams,
  response: accountingAssignmentSchema,
});

export const patchAccountingAssignment = defineContract({
  id: 'patchAccountingAssignment',
  method: 'PATCH',
  path: 'api/v1/modules/accounting/report/{uuid}/',
  access: ADMINS,
  handler: 'modules/patch-accounting-assignment',
  summary: 'Change an assignment (form data): only the fields sent; {enable} toggles it',
  params: assignmentParams,
  body: accountingAssignmentPatchSchema,
  multipartFiles: {},
  response: accountingAssignmentSchema,
});

export const deleteAccountingAssignment = defineContract({
  id: 'deleteAccountingAssignment',
  method: 'DELETE',
  path: 'api/v1/modules/accounting/report/{uuid}/',
  access: ADMINS,
  handler: 'modules/delete-accounting-assignment',
  summary: 'Delete an accounting assignment',
  params: assignmentParams,
  response: okSchema,
});
