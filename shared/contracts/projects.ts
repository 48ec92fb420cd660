import * as z from 'zod/mini';
import { MICROSOFT_ANY_ACCOUNT } from '../microsoft';
import { MFA_POLICIES } from '../second-factor';
import { defineContract } from './define';
import {
  boolish,
  colorSchema,
  emailSchema,
  optionalText,
  pageOf,
  pageQuery,
  peoplePickerQuery,
  pickerQuery,
  text,
  urlSchema,
  uuidList,
  uuidSchema,
  versionField,
} from './fields';
import { mailDomainView } from './mail-domain';
import { phoneSchema } from './phone-fields';

const SUPER_ADMIN = ['SUPER_ADMIN'] as const;
const ALL = ['SUPER_ADMIN', 'PROJECT_ADMIN', 'GROUP_ADMIN', 'USER_GROUP', 'USER_SOCIETY'] as const;
export const PROJECT_FILES = { logo: 'image', icon: 'image', image: 'image' } as const;

const uuidParams = z.object({ uuid: uuidSchema });

/** '' (off), 'ANY', or an Entra ID tenant id (a GUID, kept in lower case). */
const microsoftTenantSchema = z.union([
  z.literal(''),
  z.literal(MICROSOFT_ANY_ACCOUNT),
  z
    .string()
    .check(
      z.trim(),
      z.toLowerCase(),
      z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, { error: 'FORMAT_ERROR' }),
    ),
]);

// Built in a pure IIFE: a function whose contracts never read it leaves it (and the phone parser) out of its bundle.
/** Fields of the project wizard (admin-area §3, §5): step 1 is required on create, the rest may follow by PATCH. */
const projectFields = /* @__PURE__ */ (() => ({
  project_name: text(100),
  client_name: text(100),
  associated_service_description: text(500),
  service_description: text(500),
  meta_title: text(100),
  meta_content: text(300),
  url_own_site: urlSchema,
  custom_portal_url: urlSchema,
  header_title: optionalText(100),
  subtitle: optionalText(200),
  footer_disclaimer: optionalText(500),
  contact_email: emailSchema,
  contact_phone: phoneSchema,
  primary_color: colorSchema,
  secondary_color: colorSchema,
  admin: uuidList,
  enable: boolish,
  /** For whom the firm makes the second factor mandatory (shared/second-factor.ts). */
  mfa_policy: z.enum(MFA_POLICIES),
  /** Microsoft sign-in (shared/microsoft.ts): '' off, the firm's Entra ID tenant id, or 'ANY'. */
  microsoft_tenant: microsoftTenantSchema,
  /** Whether a Microsoft sign-in also asks the second factor's code (of those who have or must have one). */
  microsoft_second_factor: boolish,
}))();

export const projectCreateSchema = /* @__PURE__ */ (() =>
  z.object({
    ...projectFields,
    meta_title: z.optional(projectFields.meta_title),
    meta_content: z.optional(projectFields.meta_content),
    url_own_site: z.optional(projectFields.url_own_site),
    custom_portal_url: z.optional(projectFields.custom_portal_url),
    contact_email: z.optional(projectFields.contact_email),
    contact_phone: z.optional(projectFields.contact_phone),
    primary_color: z.optional(projectFields.primary_color),
    secondary_color: z.optional(projectFields.secondary_color),
    admin: z.optional(projectFields.admin),
    enable: z.optional(projectFields.enable),
    mfa_policy: z.optional(projectFields.mfa_policy),
    microsoft_tenant: z.optional(projectFields.microsoft_tenant),
    microsoft_second_factor: z.optional(projectFields.microsoft_second_factor),
  }))();

/** A PATCH may also clear the portal URL with '' (the firm's domain is then removed from the edge). */
export const projectPatchSchema = /* @__PURE__ */ (() =>
  z.extend(z.partial(z.object(projectFields)), {
    version: versionField,
    custom_portal_url: z.optional(z.union([projectFields.custom_portal_url, z.literal('')])),
  }))();

const userRef = z.object({ uuid: z.string(), first_name: z.string(), last_name: z.string(), email: z.string() });

export const projectSchema = z.object({
  uuid: z.string(),
  project_name: z.string(),
  client_name: z.string(),
  associated_service_description: z.string(),
  service_description: z.string(),
  admin: z.array(z.string()),
  meta_title: z.string(),
  meta_content: z.string(),
  url_own_site: z.nullable(z.string()),
  custom_portal_url: z.nullable(z.string()),
  header_title: z.nullable(z.string()),
  subtitle: z.nullable(z.string()),
  footer_disclaimer: z.nullable(z.string()),
  contact_email: z.nullable(z.string()),
  contact_phone: z.nullable(z.string()),
  primary_color: z.string(),
  secondary_color: z.string(),
  logo: z.nullable(z.string()),
  icon: z.nullable(z.string()),
  image: z.nullable(z.string()),
  enable: z.boolean(),
  created: z.string(),
  updated: z.string(),
  version: z.number(),
  groups: z.number(),
  admin_quantity: z.number(),
  society_quantity: z.number(),
  /** Absent on a project saved before the second factor: nobody. */
  mfa_policy: z.optional(z.enum(MFA_POLICIES)),
  /** Absent on a project saved before Microsoft sign-in: off. */
  microsoft_tenant: z.optional(z.string()),
  microsoft_second_factor: z.optional(z.boolean()),
});

export const projectDetailSchema = z.extend(projectSchema, {
  group_list: z.array(z.object({ uuid: z.string(), group_name: z.string(), enable: z.boolean() })),
  admin_list: z.array(userRef),
});

const projectListItem = z.pick(projectSchema, {
  uuid: true,
  project_name: true,
  client_name: true,
  admin_quantity: true,
  groups: true,
  created: true,
  enable: true,
  primary_color: true,
});

export const listProjects = defineContract({
  id: 'listProjects',
  method: 'GET',
  path: 'api/v1/projects/project/',
  access: SUPER_ADMIN,
  handler: 'projects/list-projects',
  summary: 'Projects, newest first, with search and limit/offset',
  query: z.object(pageQuery),
  response: pageOf(projectListItem),
});

export const createProject = /* @__PURE__ */ defineContract({
  id: 'createProject',
  method: 'POST',
  path: 'api/v1/projects/project/',
  access: SUPER_ADMIN,
  statuses: [409],
  handler: 'projects/create-project',
  summary: 'Create a project (JSON, or multipart with logo, icon and image)',
  body: projectCreateSchema,
  multipartFiles: PROJECT_FILES,
  response: projectSchema,
  successStatus: 201,
});

export const getProject = defineContract({
  id: 'getProject',
  method: 'GET',
  path: 'api/v1/projects/project/{uuid}/',
  access: SUPER_ADMIN,
  handler: 'projects/get-project',
  summary: 'One project with its groups and admins',
  params: uuidParams,
  response: projectDetailSchema,
});

export const patchProject = /* @__PURE__ */ defineContract({
  id: 'patchProject',
  method: 'PATCH',
  path: 'api/v1/projects/project/{uuid}/',
  access: SUPER_ADMIN,
  handler: 'projects/patch-project',
  summary: 'Change a project: only the fields sent; {enable} toggles it; files replaced only when sent',
  params: uuidParams,
  body: projectPatchSchema,
  multipartFiles: PROJECT_FILES,
  response: projectSchema,
});

export const deleteProject = defineContract({
  id: 'deleteProject',
  method: 'DELETE',
  path: 'api/v1/projects/project/{uuid}/',
  access: SUPER_ADMIN,
  statuses: [409],
  handler: 'projects/delete-project',
  summary: 'Delete a project that holds no groups (409 PROJECT_NOT_EMPTY otherwise)',
  params: uuidParams,
  response: z.object({ detail: z.string() }),
});

/** A firm's own domain at the edge (functions/lib/edge/domains.ts): what the firm must create and where it stands. */
export const projectDomainSchema = z.object({
  /** The project's uuid. */
  uuid: z.string(),
  domain: z.nullable(z.string()),
  status: z.enum(['none', 'provisioning', 'pending', 'active', 'failed', 'in_use', 'unavailable']),
  certificate_status: z.nullable(z.string()),
  dns_records: z.array(z.object({ type: z.literal('CNAME'), name: z.string(), value: z.string() })),
  validation: z.array(z.object({ domain: z.string(), redirect_from: z.string(), redirect_to: z.string() })),
  /** The firm's own mail domain (SES): its DKIM records and status; null without a domain of its own. */
  mail_domain: z.nullable(mailDomainView),
});

export const getProjectDomain = defineContract({
  id: 'getProjectDomain',
  method: 'GET',
  path: 'api/v1/projects/project/{uuid}/domain/',
  access: SUPER_ADMIN,
  handler: 'projects/get-project-domain',
  summary:
    "The project's own domain: its DNS records and status, read from the edge on each call (which also finishes a " +
    'provisioning a save left half-way)',
  params: uuidParams,
  response: projectDomainSchema,
});

export const searchProjects = defineContract({
  id: 'searchProjects',
  method: 'GET',
  path: 'api/v1/projects/search/',
  access: SUPER_ADMIN,
  handler: 'projects/search-projects',
  summary: 'Projects whose name or client contains the search text',
  query: z.object(pageQuery),
  response: pageOf(projectListItem),
});

export const listProjectAdminsAvailable = defineContract({
  id: 'listProjectAdminsAvailable',
  method: 'GET',
  path: 'api/v1/projects/admin-available/',
  access: SUPER_ADMIN,
  handler: 'projects/list-project-admins-available',
  summary: 'PROJECT_ADMIN users who administer no project yet (the picker of the wizard)',
  query: z.object({ ...peoplePickerQuery, project: z.optional(uuidSchema) }),
  response: pageOf(userRef),
});

/**
 * The "my" lists double as the project and group pickers (any of 50,000 can be found): `search`, `offset`,
 * `uuids=` as every picker; `limit` defaults to every row (admin-area §7: the clients ask 100000 for projects).
 */
const myListQuery = {
  ...pickerQuery,
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 100_000),
};

export const listMyProjects = defineContract({
  id: 'listMyProjects',
  method: 'GET',
  path: 'api/v1/projects/user/project/',
  access: ALL,
  handler: 'projects/list-my-projects',
  summary:
    "The caller's projects (every project for SUPER_ADMIN), by name: searched by name or client, paged, or asked by uuid",
  query: z.object(myListQuery),
  response: pageOf(z.object({ uuid: z.string(), project_name: z.string(), enable: z.boolean() })),
});

export const getProjectPdf = defineContract({
  id: 'getProjectPdf',
  method: 'GET',
  path: 'api/v1/projects/detail/pdf/{uuid}/',
  access: SUPER_ADMIN,
  handler: 'projects/get-project-pdf',
  summary: 'The project detail as a PDF (Spanish)',
  params: uuidParams,
  query: z.object({ token: z.optional(z.string().check(z.maxLength(8192))) }),
  response: z.unknown(),
  fileResponse: 'application/pdf',
});
