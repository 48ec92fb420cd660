import * as z from 'zod/mini';
import { defineContract } from './define';
import {
  boolish,
  colorSchema,
  pageOf,
  pageQuery,
  peoplePickerQuery,
  pickerQuery,
  text,
  uuidList,
  uuidSchema,
  versionField,
} from './fields';

const GROUP_ADMINS = ['SUPER_ADMIN', 'PROJECT_ADMIN'] as const;
const ALL = ['SUPER_ADMIN', 'PROJECT_ADMIN', 'GROUP_ADMIN', 'USER_GROUP', 'USER_SOCIETY'] as const;
const uuidParams = z.object({ uuid: uuidSchema });

export const GROUP_ORDERINGS = ['-updated', 'group_name', '-group_name', 'enabled', '-enabled'] as const;

const groupFields = {
  group_name: text(100),
  group_description: text(500),
  project: uuidSchema,
  admin: uuidList,
  user: uuidList,
  primary_color: colorSchema,
  enable: boolish,
};

export const groupCreateSchema = z.object({
  ...groupFields,
  admin: z.optional(groupFields.admin),
  user: z.optional(groupFields.user),
  primary_color: z.optional(groupFields.primary_color),
  enable: z.optional(groupFields.enable),
});
export const groupPatchSchema = z.extend(z.partial(z.object(groupFields)), { version: versionField });

const personRef = z.object({ uuid: z.string(), first_name: z.string(), last_name: z.string(), email: z.string() });

export const groupSchema = z.object({
  uuid: z.string(),
  group_name: z.string(),
  group_description: z.string(),
  project: z.object({ uuid: z.string(), project_name: z.string(), enable: z.boolean() }),
  admin: z.array(z.string()),
  user: z.array(z.string()),
  admin_quantity: z.number(),
  user_quantity: z.number(),
  society_quantity: z.number(),
  primary_color: z.string(),
  enable: z.boolean(),
  created: z.string(),
  updated: z.string(),
  version: z.number(),
});

export const groupDetailSchema = z.extend(groupSchema, {
  societies: z.array(
    z.object({ uuid: z.string(), society_business_name: z.string(), society_rut: z.nullable(z.string()) }),
  ),
  admin_list: z.array(personRef),
  user_group: z.array(personRef),
  user_society: z.array(personRef),
});

const listQuery = z.object({
  ...pageQuery,
  /**
   * How the search text matches: `contains` (the default) anywhere in the name; `prefix` the start of the name, which
   * costs the same whatever the partition holds (docs/decisions/list-paging.md).
   */
  match: z.optional(z.enum(['contains', 'prefix'])),
  project: z.optional(uuidSchema),
  ordering: z.optional(z.enum(GROUP_ORDERINGS)),
});

export const listGroups = defineContract({
  id: 'listGroups',
  method: 'GET',
  path: 'api/v1/groups/group/',
  access: GROUP_ADMINS,
  statuses: [404],
  handler: 'groups/list-groups',
  summary: 'Groups in scope, filtered by project, searched and ordered (Ultima edicion by default)',
  query: listQuery,
  response: pageOf(groupSchema),
});

export const createGroup = defineContract({
  id: 'createGroup',
  method: 'POST',
  path: 'api/v1/groups/group/',
  access: GROUP_ADMINS,
  handler: 'groups/create-group',
  summary: 'Create a society group in a project of the caller (name unique within the project)',
  body: groupCreateSchema,
  multipartFiles: {},
  response: groupSchema,
  successStatus: 201,
});

export const getGroup = defineContract({
  id: 'getGroup',
  method: 'GET',
  path: 'api/v1/groups/group/{uuid}/',
  access: GROUP_ADMINS,
  handler: 'groups/get-group',
  summary: 'One group with its societies, admins and users',
  params: uuidParams,
  response: groupDetailSchema,
});

export const patchGroup = defineContract({
  id: 'patchGroup',
  method: 'PATCH',
  path: 'api/v1/groups/group/{uuid}/',
  access: GROUP_ADMINS,
  handler: 'groups/patch-group',
  summary: 'Change a group: only the fields sent; {enable} toggles it',
  params: uuidParams,
  body: groupPatchSchema,
  multipartFiles: {},
  response: groupSchema,
});

export const deleteGroup = defineContract({
  id: 'deleteGroup',
  method: 'DELETE',
  path: 'api/v1/groups/group/{uuid}/',
  access: GROUP_ADMINS,
  statuses: [409],
  handler: 'groups/delete-group',
  summary: 'Delete a group that holds no societies (409 GROUP_NOT_EMPTY otherwise)',
  params: uuidParams,
  response: z.object({ detail: z.string() }),
});

export const searchGroups = defineContract({
  id: 'searchGroups',
  method: 'GET',
  path: 'api/v1/groups/search/',
  access: GROUP_ADMINS,
  statuses: [404],
  handler: 'groups/search-groups',
  summary: 'Groups in scope whose name contains the search text',
  query: listQuery,
  response: pageOf(groupSchema),
});

const groupPickerQuery = z.object({
  ...peoplePickerQuery,
  project: z.optional(uuidSchema),
  group: z.optional(uuidSchema),
});

export const listGroupAdminsAvailable = defineContract({
  id: 'listGroupAdminsAvailable',
  method: 'GET',
  path: 'api/v1/groups/admin-available/',
  access: GROUP_ADMINS,
  handler: 'groups/list-group-admins-available',
  summary: 'GROUP_ADMIN users of the project that may administer a group',
  query: groupPickerQuery,
  response: pageOf(personRef),
});

export const listGroupUsersAvailable = defineContract({
  id: 'listGroupUsersAvailable',
  method: 'GET',
  path: 'api/v1/groups/user-available/',
  access: GROUP_ADMINS,
  handler: 'groups/list-group-users-available',
  summary: 'USER_GROUP users of the project that may join a group',
  query: groupPickerQuery,
  response: pageOf(personRef),
});

/** The group picker's query: as every picker, but `limit` defaults to every row (the "my" list's callers). */
const myListQuery = {
  ...pickerQuery,
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 100_000),
};

export const listMyGroups = defineContract({
  id: 'listMyGroups',
  method: 'GET',
  path: 'api/v1/groups/user/group/',
  access: ALL,
  statuses: [404],
  handler: 'groups/list-my-groups',
  summary:
    "The caller's groups (of its project for PROJECT_ADMIN, all for SUPER_ADMIN), by name: searched, paged, or asked by uuid",
  query: z.object({ ...myListQuery, project: z.optional(uuidSchema) }),
  response: pageOf(z.object({ uuid: z.string(), group_name: z.string(), project: z.string(), enable: z.boolean() })),
});

export const getGroupPdf = defineContract({
  id: 'getGroupPdf',
  method: 'GET',
  path: 'api/v1/groups/detail/pdf/{uuid}/',
  access: GROUP_ADMINS,
  handler: 'groups/get-group-pdf',
  summary: 'The group detail as a PDF (Spanish)',
  params: uuidParams,
  query: z.object({ token: z.optional(z.string().check(z.maxLength(8192))) }),
  response: z.unknown(),
  fileResponse: 'application/pdf',
});
