import * as z from 'zod/mini';
import { defineContract } from './define';
import { okSchema, pageQuery, uuidSchema } from './fields';

/**
 * The document repository's folder tree (portal §2 "Document manager", §3 Folder, §7 Folders):
 * project (1) › group (2) › society (3) › the project's template folders (4, nested) › documents (upload from 5),
 * and per society the tax-form folders F22, F29 and F50 by year (2017 to the current year, ascending).
 * A level is named by the deepest of project, group, society, folder given; `folder` needs `society`.
 */
const ADMINS = ['SUPER_ADMIN', 'PROJECT_ADMIN', 'GROUP_ADMIN'] as const;
const ALL = ['SUPER_ADMIN', 'PROJECT_ADMIN', 'GROUP_ADMIN', 'USER_GROUP', 'USER_SOCIETY'] as const;

export const TAX_FORMS = ['F22', 'F29', 'F50'] as const;
export const FIRST_TAX_YEAR = 2017;

/** The item kinds of portal §3, so a screen knows what to draw and where a click leads. */
export const FOLDER_ITEM_TYPES = [
  'folder',
  'taxAdmin',
  'taxFormAdmin',
  'taxFormYearAdmin',
  'taxFormYearAdminDocument',
  'folderListAdmin',
  'userFolder',
  'folderList',
  'tax',
  'taxForm',
  'taxFormYear',
  'taxFormYearDocument',
  'folder_edition',
  'file',
  'file_user',
] as const;
export type FolderItemType = (typeof FOLDER_ITEM_TYPES)[number];

/** One row of a folder list: a level of the tree, a folder, or a document (file kinds carry document fields). */
export const folderItemSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  type: z.enum(FOLDER_ITEM_TYPES),
  modified: z.object({ date: z.nullable(z.string()) }),
  /** Bytes: a document's, or the sum of a folder's documents (its subfolders included); null where not kept. */
  size: z.nullable(z.number()),
  /** Where a click on the row leads: the query of the next list. */
  target: z.optional(
    z.object({
      project: z.optional(z.string()),
      group: z.optional(z.string()),
      society: z.optional(z.string()),
      folder: z.optional(z.string()),
      form: z.optional(z.enum(TAX_FORMS)),
      year: z.optional(z.number().check(z.int())),
    }),
  ),
  document_name: z.optional(z.string()),
  file_name: z.optional(z.string()),
});

/** The levels above the list, outermost first (breadcrumb; labels Proyecto, Grupo, Sociedad, Carpeta by depth). */
export const crumbSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  depth: z.number().check(z.int()),
  target: folderItemSchema.shape.target,
});

export const folderListSchema = z.object({
  count: z.number().check(z.int()),
  results: z.array(folderItemSchema),
  root_directory: z.array(crumbSchema),
  /** True where documents may be uploaded (depth 5: inside a society's folder or a tax year). */
  can_upload: z.boolean(),
});

const levelQuery = {
  ...pageQuery,
  limit: z._default(pageQuery.limit, 10_000),
  project: z.optional(uuidSchema),
  group: z.optional(uuidSchema),
  society: z.optional(uuidSchema),
  folder: z.optional(uuidSchema),
};

export const listFolders = defineContract({
  id: 'listFolders',
  method: 'GET',
  path: 'api/v1/folders/list',
  access: ADMINS,
  statuses: [404],
  handler: 'folders/list-folders',
  summary: 'Admin document manager: the contents of one level of the tree, in scope (folders first, then files)',
  query: z.object(levelQuery),
  response: folderListSchema,
});

export const listUserFolders = defineContract({
  id: 'listUserFolders',
  method: 'GET',
  path: 'api/v1/folders/user/list',
  access: ALL,
  statuses: [404],
  handler: 'folders/list-user-folders',
  summary: "User document browser: the caller's societies, their folders and documents (needs user_documentation)",
  query: z.omit(z.object(levelQuery), { group: true }),
  response: folderListSchema,
});

const taxQuery = z.object({
  ...pageQuery,
  limit: z._default(pageQuery.limit, 10_000),
  society: uuidSchema,
  form: z.optional(z.enum(TAX_FORMS)),
  year: z.optional(z.coerce.number().check(z.int(), z.minimum(FIRST_TAX_YEAR), z.maximum(9999))),
});

export const listTaxFolders = defineContract({
  id: 'listTaxFolders',
  method: 'GET',
  path: 'api/v1/folders-tax/list',
  access: ADMINS,
  statuses: [404],
  handler: 'folders/list-tax-folders',
  summary: "A society's tax forms; a form's years (2017 to now, ascending); a year's documents",
  query: taxQuery,
  response: folderListSchema,
});

export const listUserTaxFolders = defineContract({
  id: 'listUserTaxFolders',
  method: 'GET',
  path: 'api/v1/folders-tax/user/list',
  access: ALL,
  statuses: [404],
  handler: 'folders/list-user-tax-folders',
  summary: 'The same tax panel for a user of the society (needs user_documentation)',
  query: taxQuery,
  response: folderListSchema,
});

export const folderTemplateSchema = z.object({
  uuid: z.string(),
  folder_name: z.string(),
  project: z.string(),
  main_folder: z.nullable(z.string()),
  modified: z.object({ date: z.string() }),
});

export const listFolderTemplates = defineContract({
  id: 'listFolderTemplates',
  method: 'GET',
  path: 'api/v1/folder-templates/list',
  access: ADMINS,
  statuses: [404],
  handler: 'folders/list-folder-templates',
  summary: "A project's template folders at one level (main_folder), with the path above it",
  query: z.object({ project: uuidSchema, folder: z.optional(uuidSchema), search: pageQuery.search }),
  response: z.object({
    folder_template_list: z.array(folderTemplateSchema),
    root_directory: z.array(folderTemplateSchema),
  }),
});

/** Spec §5: folder names; a path separator would make a name that reads as a path. */
export const folderNameSchema = z
  .string()
  .check(z.trim(), z.minLength(1), z.maxLength(100), z.regex(/^[^/\\]+$/, { error: 'FORMAT_ERROR' }));

export const createFolderTemplate = defineContract({
  id: 'createFolderTemplate',
  method: 'POST',
  path: 'api/v1/folder-templates/folder/',
  access: ADMINS,
  statuses: [404],
  handler: 'folders/create-folder-template',
  summary: 'A template folder in a project (at the top, or under main_folder); every society of the project gets it',
  body: z.object({ project: uuidSchema, folder_name: folderNameSchema, main_folder: z.nullish(uuidSchema) }),
  response: folderTemplateSchema,
  successStatus: 201,
});

const templateParams = z.object({ uuid: uuidSchema });

export const patchFolderTemplate = defineContract({
  id: 'patchFolderTemplate',
  method: 'PATCH',
  path: 'api/v1/folder-templates/folder/{uuid}/',
  access: ADMINS,
  handler: 'folders/patch-folder-template',
  summary: 'Rename a template folder (unique among its siblings)',
  params: templateParams,
  body: z.object({ folder_name: folderNameSchema, project: z.optional(uuidSchema) }),
  response: folderTemplateSchema,
});

export const deleteFolderTemplate = defineContract({
  id: 'deleteFolderTemplate',
  method: 'DELETE',
  path: 'api/v1/folder-templates/folder/{uuid}/',
  access: ADMINS,
  handler: 'folders/delete-folder-template',
  summary: 'Delete a template folder and its subfolders; 400 TEMPLATE_HAS_FILES while any society variant holds files',
  params: templateParams,
  response: okSchema,
});
