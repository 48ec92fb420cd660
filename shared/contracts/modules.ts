import * as z from 'zod/mini';
import { defineContract } from './define';
import { okSchema, text } from './fields';

/**
 * Modules (portal §3 Module, §7 Modules): the sidebar sections reports and accounting assignments are placed in,
 * listed separately per kind. Global, like industries: SUPER_ADMIN creates, renames and deletes them;
 * a module in use cannot be deleted (409 MODULE_IN_USE).
 */
const ADMINS = ['SUPER_ADMIN', 'PROJECT_ADMIN', 'GROUP_ADMIN'] as const;
const ALL = ['SUPER_ADMIN', 'PROJECT_ADMIN', 'GROUP_ADMIN', 'USER_GROUP', 'USER_SOCIETY'] as const;

export const MODULE_TYPES = ['REPORT', 'ACCOUNTING'] as const;
export const moduleTypeSchema = z.enum(MODULE_TYPES);

export const moduleSchema = z.object({
  uuid: z.string(),
  module_name: z.string(),
  module_type: moduleTypeSchema,
  /** How many reports or assignments are placed in it (a module in use cannot be deleted). */
  in_use: z.number().check(z.int()),
  created: z.string(),
});

/** The module id a user list or a form names: a uuid; an unknown one answers 400 INVALID (portal §8). */
export const moduleRefSchema = z.uuid({ error: 'FORMAT_ERROR' });
const moduleParams = z.object({ uuid: z.uuid({ error: 'FORMAT_ERROR' }) });

export const listModules = defineContract({
  id: 'listModules',
  method: 'GET',
  path: 'api/v1/modules/module/administration/',
  access: ADMINS,
  handler: 'modules/list-modules',
  summary: 'Modules of one kind (REPORT or ACCOUNTING), by name',
  query: z.object({ module_type: z.optional(moduleTypeSchema) }),
  response: z.array(moduleSchema),
});

/** A module asked for: its name, unique within its kind. */
export const moduleCreateSchema = /* @__PURE__ */ (() =>
  z.object({ module_name: text(60), module_type: moduleTypeSchema }))();
/** A module's new name. */
export const moduleRenameSchema = /* @__PURE__ */ (() => z.object({ module_name: text(60) }))();

export const createModule = defineContract({
  id: 'createModule',
  method: 'POST',
  path: 'api/v1/modules/module/administration/',
  access: ['SUPER_ADMIN'],
  statuses: [409],
  handler: 'modules/create-module',
  summary: 'Create a module (name unique within its kind)',
  body: moduleCreateSchema,
  response: moduleSchema,
  successStatus: 201,
});

export const patchModule = defineContract({
  id: 'patchModule',
  method: 'PATCH',
  path: 'api/v1/modules/module/administration/{uuid}/',
  access: ['SUPER_ADMIN'],
  handler: 'modules/patch-module',
  summary: 'Rename a module',
  params: moduleParams,
  body: moduleRenameSchema,
  response: moduleSchema,
});

export const deleteModule = defineContract({
  id: 'deleteModule',
  method: 'DELETE',
  path: 'api/v1/modules/module/administration/{uuid}/',
  access: ['SUPER_ADMIN'],
  statuses: [409],
  handler: 'modules/delete-module',
  summary: 'Delete a module no report or assignment uses (409 MODULE_IN_USE otherwise)',
  params: moduleParams,
  response: okSchema,
});

/**
 * Which of the caller's memberships the user lists are for (portal §4 Home: the stored project, group or society).
 * Each is checked against the caller's own record; without one, the caller's first membership of its role is used.
 */
export const selectionQuery = z.object({
  project: z.optional(z.uuid({ error: 'FORMAT_ERROR' })),
  group: z.optional(z.uuid({ error: 'FORMAT_ERROR' })),
  society: z.optional(z.uuid({ error: 'FORMAT_ERROR' })),
});

const userItem = z.object({ uuid: z.string(), menu_name: z.string() });

export const getModuleReport = defineContract({
  id: 'getModuleReport',
  method: 'GET',
  path: 'api/v1/modules/module/get-module-report/',
  access: ALL,
  statuses: [404],
  handler: 'modules/get-module-report',
  summary: "The caller's reports for its selection, grouped by module (role flag, targets, enable, references)",
  query: selectionQuery,
  response: z.array(
    z.object({
      uuid: z.string(),
      module_name: z.string(),
      report_list: z.array(z.extend(userItem, { report_name: z.string(), tool_type: z.string() })),
    }),
  ),
});

export const getModuleAccounting = defineContract({
  id: 'getModuleAccounting',
  method: 'GET',
  path: 'api/v1/modules/module/get-module-accounting/',
  access: ALL,
  statuses: [404],
  handler: 'modules/get-module-accounting',
  summary: "The caller's accounting assignments for its selection, grouped by module",
  query: selectionQuery,
  response: z.array(
    z.object({
      uuid: z.string(),
      module_name: z.string(),
      report_list: z.array(z.extend(userItem, { accounting_type: z.string(), type: z.number().check(z.int()) })),
    }),
  ),
});
