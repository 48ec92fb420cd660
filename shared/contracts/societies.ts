import * as z from 'zod/mini';
import { defineContract } from './define';
import {
  boolish,
  currencySchema,
  emailSchema,
  optionalText,
  pageOf,
  pageQuery,
  peoplePickerQuery,
  pickerQuery,
  preprocess,
  rutSchema,
  taxModuleSchema,
  text,
  uuidList,
  uuidSchema,
  versionField,
} from './fields';
import { phoneSchema } from './phone-fields';

const SOCIETY_ADMINS = ['SUPER_ADMIN', 'PROJECT_ADMIN', 'GROUP_ADMIN'] as const;
const ALL = ['SUPER_ADMIN', 'PROJECT_ADMIN', 'GROUP_ADMIN', 'USER_GROUP', 'USER_SOCIETY'] as const;
const uuidParams = z.object({ uuid: uuidSchema });

/** An optional RUT: '' or null clears it (admin-area §5: "if cleared ... an empty value is sent explicitly"). */
const optionalRut = preprocess((v) => (v === '' ? null : v), z.optional(z.nullable(rutSchema)));
const optionalEmail = preprocess((v) => (v === '' ? null : v), z.optional(z.nullable(emailSchema)));

// Built in a pure IIFE: a function whose contracts never read it leaves it (and the phone parser) out of its bundle.
const societyFields = /* @__PURE__ */ (() => ({
  society_business_name: text(150),
  society_rut: optionalRut,
  business_line: text(150),
  company_code: text(20),
  industry_type: uuidSchema,
  society_email: emailSchema,
  currency: currencySchema,
  group: uuidSchema,
  project: z.optional(uuidSchema),
  user: uuidList,
  society_contact_name: text(100),
  society_phone_number: phoneSchema,
  society_address: optionalText(200),
  society_contact_email: optionalEmail,
  tax_module: taxModuleSchema,
  enable: boolish,
}))();

export const societyCreateSchema = /* @__PURE__ */ (() =>
  z.object({
    ...societyFields,
    currency: z._default(societyFields.currency, 'CLP'),
    user: z.optional(societyFields.user),
    enable: z.optional(societyFields.enable),
  }))();
export const societyPatchSchema = /* @__PURE__ */ (() =>
  z.extend(z.partial(z.object(societyFields)), { version: versionField }))();

const personRef = z.object({ uuid: z.string(), first_name: z.string(), last_name: z.string(), email: z.string() });

export const societySchema = z.object({
  uuid: z.string(),
  society_business_name: z.string(),
  society_rut: z.nullable(z.string()),
  business_line: z.string(),
  company_code: z.string(),
  industry_type: z.nullable(z.object({ uuid: z.string(), industry: z.string() })),
  society_email: z.string(),
  currency: currencySchema,
  group: z.object({ uuid: z.string(), group_name: z.string() }),
  project: z.object({ uuid: z.string(), project_name: z.string() }),
  user: z.array(z.string()),
  society_contact_name: z.string(),
  society_phone_number: z.string(),
  society_address: z.nullable(z.string()),
  society_contact_email: z.nullable(z.string()),
  tax_module: taxModuleSchema,
  enable: z.boolean(),
  created: z.string(),
  updated: z.string(),
  version: z.number(),
});

export const societyDetailSchema = z.extend(societySchema, { user_list: z.array(personRef) });

const listQuery = z.object({
  ...pageQuery,
  societySearch: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  /**
   * How the search text matches: `contains` (the default) anywhere in the name, RUT or company code; `prefix` the start
   * of the name or of the RUT, which costs the same whatever the partition holds (docs/decisions/list-paging.md).
   */
  match: z.optional(z.enum(['contains', 'prefix'])),
  project: z.optional(uuidSchema),
  group: z.optional(uuidSchema),
});

export const listSocieties = defineContract({
  id: 'listSocieties',
  method: 'GET',
  path: 'api/v1/societies/society/',
  access: SOCIETY_ADMINS,
  statuses: [404],
  handler: 'societies/list-societies',
  summary: 'Societies in scope, filtered by project and group, searched by name or RUT',
  query: listQuery,
  response: pageOf(societySchema),
});

export const createSociety = /* @__PURE__ */ defineContract({
  id: 'createSociety',
  method: 'POST',
  path: 'api/v1/societies/society/',
  access: SOCIETY_ADMINS,
  statuses: [409],
  handler: 'societies/create-society',
  summary: 'Create a society in a group of the caller (RUT unique)',
  body: societyCreateSchema,
  multipartFiles: {},
  response: societySchema,
  successStatus: 201,
});

export const getSociety = defineContract({
  id: 'getSociety',
  method: 'GET',
  path: 'api/v1/societies/society/{uuid}/',
  access: SOCIETY_ADMINS,
  handler: 'societies/get-society',
  summary: 'One society with its users',
  params: uuidParams,
  response: societyDetailSchema,
});

const patchSocietyQuery = /* @__PURE__ */ (() => z.object({ tax_module: z.optional(taxModuleSchema) }))();

export const patchSociety = /* @__PURE__ */ defineContract({
  id: 'patchSociety',
  method: 'PATCH',
  path: 'api/v1/societies/society/{uuid}/',
  access: SOCIETY_ADMINS,
  handler: 'societies/patch-society',
  summary: 'Change a society: only the fields sent; a new group may move it; ?tax_module= sets the tax panel flag',
  params: uuidParams,
  query: patchSocietyQuery,
  body: societyPatchSchema,
  multipartFiles: {},
  response: societySchema,
});

export const deleteSociety = defineContract({
  id: 'deleteSociety',
  method: 'DELETE',
  path: 'api/v1/societies/society/{uuid}/',
  access: SOCIETY_ADMINS,
  statuses: [409],
  handler: 'societies/delete-society',
  summary:
    'Delete a society that has no users and no documents (409 SOCIETY_HAS_USERS or SOCIETY_HAS_DOCUMENTS otherwise)',
  params: uuidParams,
  response: z.object({ detail: z.string() }),
});

/**
 * A RUT already taken is said on step 1 of the society wizard, beside the field, not on step 2. A RUT is
 * unique within a project (several firms may serve one company), so the answer is about the caller's own
 * projects only and names no society; another firm's client answers as a free RUT.
 */
export const checkSocietyRut = defineContract({
  id: 'checkSocietyRut',
  method: 'GET',
  path: 'api/v1/societies/rut-available/',
  access: SOCIETY_ADMINS,
  handler: 'societies/check-society-rut',
  statuses: [404],
  summary:
    "Whether a RUT (any written form) is free for a new society in the group's project (without a group: in every project of the caller; a SUPER_ADMIN names the group)",
  query: z.object({ rut: rutSchema, group: z.optional(uuidSchema) }),
  response: z.object({ available: z.boolean() }),
});

export const searchSocieties = defineContract({
  id: 'searchSocieties',
  method: 'GET',
  path: 'api/v1/societies/search/',
  access: SOCIETY_ADMINS,
  statuses: [404],
  handler: 'societies/search-societies',
  summary: 'Societies in scope whose name or RUT contains the search text',
  query: listQuery,
  response: pageOf(societySchema),
});

const societyPickerQuery = z.object({
  ...peoplePickerQuery,
  project: z.optional(uuidSchema),
  group: z.optional(uuidSchema),
});
const societyRef = z.object({
  uuid: z.string(),
  society_business_name: z.string(),
  society_rut: z.nullable(z.string()),
  group: z.string(),
  project: z.string(),
});

export const listSocietyAdminsAvailable = defineContract({
  id: 'listSocietyAdminsAvailable',
  method: 'GET',
  path: 'api/v1/societies/society/admin-available/',
  access: SOCIETY_ADMINS,
  handler: 'societies/list-society-admins-available',
  summary: 'GROUP_ADMIN users in scope who could look after a society of the given group',
  query: societyPickerQuery,
  response: pageOf(personRef),
});

export const listSocietiesForUsers = defineContract({
  id: 'listSocietiesForUsers',
  method: 'GET',
  path: 'api/v1/societies/user/list/',
  access: SOCIETY_ADMINS,
  statuses: [404],
  handler: 'societies/list-societies-for-users',
  summary: 'Societies in scope to assign to users, filtered by project, group or society (invite and user forms)',
  query: z.object({
    ...pickerQuery,
    /**
     * How `search` matches: `contains` (the default) anywhere in the name, RUT or company code; `prefix` the start of
     * the name or of the RUT, which costs the same whatever the partition holds (docs/decisions/list-paging.md).
     */
    match: z.optional(z.enum(['contains', 'prefix'])),
    project: z.optional(uuidSchema),
    group: z.optional(uuidSchema),
    society: z.optional(uuidSchema),
  }),
  response: pageOf(societyRef),
});

export const listSocietyUsersAvailable = defineContract({
  id: 'listSocietyUsersAvailable',
  method: 'GET',
  path: 'api/v1/societies/user-available/',
  access: SOCIETY_ADMINS,
  handler: 'societies/list-society-users-available',
  summary: 'USER_SOCIETY users in scope that may be attached to a society',
  query: societyPickerQuery,
  response: pageOf(personRef),
});

export const listMySocieties = defineContract({
  id: 'listMySocieties',
  method: 'GET',
  path: 'api/v1/societies/user/society/',
  access: ALL,
  statuses: [404],
  handler: 'societies/list-my-societies',
  summary:
    "The caller's societies (of its groups or project; all for SUPER_ADMIN), optionally of one project or group or " +
    'matching a search; as many as fit in 5 MB, by name',
  query: z.object({
    project: z.optional(uuidSchema),
    group: z.optional(uuidSchema),
    search: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  }),
  response: z.array(z.extend(societyRef, { enable: z.boolean() })),
});

export const getSocietyPdf = defineContract({
  id: 'getSocietyPdf',
  method: 'GET',
  path: 'api/v1/societies/detail/pdf/{uuid}/',
  access: SOCIETY_ADMINS,
  handler: 'societies/get-society-pdf',
  summary: 'The society detail as a PDF (Spanish)',
  params: uuidParams,
  query: z.object({ token: z.optional(z.string().check(z.maxLength(8192))) }),
  response: z.unknown(),
  fileResponse: 'application/pdf',
});

const industrySchema = z.object({ uuid: z.string(), industry: z.string(), position: z.number() });

export const listIndustries = defineContract({
  id: 'listIndustries',
  method: 'GET',
  path: 'api/v1/societies/industry-type/',
  access: SOCIETY_ADMINS,
  handler: 'societies/list-industries',
  summary: 'Industries in creation order; the first is the default and is fixed',
  response: z.array(industrySchema),
});

/** The body of an industry's create and rename: its name. */
export const industryBodySchema = /* @__PURE__ */ (() => z.object({ industry: text(100) }))();

export const createIndustry = defineContract({
  id: 'createIndustry',
  method: 'POST',
  path: 'api/v1/societies/industry-type/',
  access: ['SUPER_ADMIN'],
  handler: 'societies/create-industry',
  summary: 'Add an industry (name unique)',
  body: industryBodySchema,
  response: industrySchema,
  successStatus: 201,
});

export const patchIndustry = defineContract({
  id: 'patchIndustry',
  method: 'PATCH',
  path: 'api/v1/societies/industry-type/{uuid}/',
  access: ['SUPER_ADMIN'],
  statuses: [409],
  handler: 'societies/patch-industry',
  summary: 'Rename an industry (not the first)',
  params: uuidParams,
  body: industryBodySchema,
  response: industrySchema,
});

export const deleteIndustry = defineContract({
  id: 'deleteIndustry',
  method: 'DELETE',
  path: 'api/v1/societies/industry-type/{uuid}/',
  access: ['SUPER_ADMIN'],
  statuses: [409],
  handler: 'societies/delete-industry',
  summary: 'Delete an industry no society uses (not the first)',
  params: uuidParams,
  response: z.object({ detail: z.string() }),
});
