import * as z from 'zod/mini';
import { boolish, pageQuery, text, uuidList, uuidSchema, versionField } from './fields';
import { moduleRefSchema } from './modules';

/**
 * What reports and accounting assignments share (portal §3): a menu item placed in a module, shown to the roles whose
 * enable_* flag is on, for the projects, groups and societies it targets, while enabled. One visibility rule reads
 * these for both (functions/lib/assignments/visibility.ts).
 */
export const ROLE_FLAGS = [
  'enable_project_admin',
  'enable_group_admin',
  'enable_user_group',
  'enable_user_society',
] as const;
export type RoleFlag = (typeof ROLE_FLAGS)[number];

export const assignmentInputFields = {
  menu_name: text(60),
  description: text(500),
  enable: z.optional(boolish),
  enable_project_admin: z.optional(boolish),
  enable_group_admin: z.optional(boolish),
  enable_user_group: z.optional(boolish),
  enable_user_society: z.optional(boolish),
  project_list: z.optional(uuidList),
  group_list: z.optional(uuidList),
  society_list: z.optional(uuidList),
  module: moduleRefSchema,
  version: versionField,
};

const namedRef = z.object({ uuid: z.string(), name: z.string() });

export const assignmentViewFields = {
  uuid: z.string(),
  menu_name: z.string(),
  description: z.string(),
  enable: z.boolean(),
  enable_project_admin: z.boolean(),
  enable_group_admin: z.boolean(),
  enable_user_group: z.boolean(),
  enable_user_society: z.boolean(),
  project_list: z.array(namedRef),
  group_list: z.array(namedRef),
  society_list: z.array(namedRef),
  module: z.object({ uuid: z.string(), module_name: z.string() }),
  created: z.object({ date: z.string() }),
  updated: z.string(),
  version: z.number().check(z.int()),
  /** Whether the caller may change it (view-only callers get the eye only, portal §2). */
  editable: z.boolean(),
};

/** List and search (portal §7): enable true/false, page, search, and the project › group › society filters. */
export const assignmentListQuery = z.object({
  ...pageQuery,
  enable: z.optional(boolish),
  project: z.optional(uuidSchema),
  group: z.optional(uuidSchema),
  society: z.optional(uuidSchema),
});

export const assignmentParams = z.object({ uuid: uuidSchema });
