import * as z from 'zod/mini';
import { ROLES } from '../roles';
import { SESSION_ACTIONS } from '../session-log';
import { defineContract } from './define';
import {
  boolish,
  emailSchema,
  mailSuppressedSchema,
  okSchema,
  optionalText,
  pageOf,
  pageQuery,
  passwordSchema,
  preprocess,
  rutSchema,
  uuidList,
  uuidSchema,
  versionField,
} from './fields';
import { optionalPhoneSchema } from './phone-fields';

const USER_ADMINS = ['SUPER_ADMIN', 'PROJECT_ADMIN', 'GROUP_ADMIN'] as const;
const ALL = ROLES;
const uuidParams = z.object({ uuid: uuidSchema });

/** Spec: names of 3 to 100 letters (accents too) with single spaces. */
export const personName = z.string().check(
  z.trim(),
  z.minLength(1),
  z.maxLength(100),
  z.refine((v) => v.length >= 3, { error: 'ERROR_LENGTH' }),
  z.refine((v) => /^[\p{L}]+( [\p{L}]+)*$/u.test(v), { error: 'FORMAT_ERROR' }),
);

const optionalRut = preprocess((v) => (v === '' ? null : v), z.optional(z.nullable(rutSchema)));

export const USER_ORDERINGS = [
  '-updated',
  'first_name',
  '-first_name',
  'last_name',
  '-last_name',
  'email',
  '-email',
  'is_active',
  '-is_active',
] as const;

const named = (field: string) =>
  z.looseObject({ uuid: z.string(), [field]: z.string() }) as z.ZodMiniObject<{ uuid: z.ZodMiniString }, z.core.$loose>;

export const userSchema = z.object({
  uuid: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  enable: z.boolean(),
  is_active: z.boolean(),
  created: z.string(),
  updated: z.string(),
  version: z.number(),
  /** An e-mail change waiting for its link: the login stays `email` until the new address confirms. */
  pending_email: z.optional(z.nullable(z.string())),
  /** ISO time of the last successful sign-in, null when never (the users list's 'Último ingreso'). */
  last_login: z.nullable(z.string()),
  /**
   * Whether the caller's scope covers every membership of the user, so it may change the account-wide
   * fields (e-mail, enable, names, RUT, phone, position, description, user_magnus) and delete the account; otherwise
   * those answer 403 ACTION_NOT_ALLOWED. Not in the spec.
   */
  account_in_scope: z.boolean(),
  profile: z.object({
    user_role: z.enum(ROLES),
    rut_user: z.nullable(z.string()),
    phone_number: z.nullable(z.string()),
    user_description: z.nullable(z.string()),
    position: z.nullable(z.string()),
    user_magnus: z.nullable(z.string()),
    /**
     * Per firm: true when every project of the caller's scope the user belongs to has opened its documents
     * to the user (a SUPER_ADMIN's scope: all of them); a PATCH sets it for those projects only.
     */
    user_documentation: z.boolean(),
    image: z.nullable(z.string()),
  }),
  /** Only the memberships inside the caller's scope: nothing of another firm. */
  project: z.array(named('project_name')),
  group: z.array(named('group_name')),
  society: z.array(named('society_business_name')),
  mail_suppressed: mailSuppressedSchema,
});

const listQuery = z.object({
  ...pageQuery,
  /**
   * How the search text matches: `contains` (the default) anywhere in the names, e-mail or RUT; `prefix` the start of
   * the first name, the last name or the e-mail, which costs the same whatever the partition holds
   * (docs/decisions/list-paging.md).
   */
  match: z.optional(z.enum(['contains', 'prefix'])),
  project: z.optional(uuidSchema),
  group: z.optional(uuidSchema),
  society: z.optional(uuidSchema),
  user_role: z.optional(z.enum(ROLES)),
  ordering: z.optional(z.enum(USER_ORDERINGS)),
});

export const listUsers = defineContract({
  id: 'listUsers',
  method: 'GET',
  path: 'api/v1/users/user/',
  access: USER_ADMINS,
  statuses: [404],
  handler: 'users/list-users',
  summary: 'Users in scope, filtered by project, group, society and role, searched and ordered',
  query: listQuery,
  response: pageOf(userSchema),
});

export const searchUsers = defineContract({
  id: 'searchUsers',
  method: 'GET',
  path: 'api/v1/users/search/',
  access: USER_ADMINS,
  statuses: [404],
  handler: 'users/search-users',
  summary: 'Users in scope whose name or e-mail contains the search text',
  query: listQuery,
  response: pageOf(userSchema),
});

export const getUser = defineContract({
  id: 'getUser',
  method: 'GET',
  path: 'api/v1/users/user/{uuid}/',
  access: USER_ADMINS,
  handler: 'users/get-user',
  summary: 'One user in scope, with its projects, groups and societies',
  params: uuidParams,
  // Whether the user's second factor is active (shared/contracts/second-factor.ts resetSecondFactor), and the last
  // sign-in of each way in it used (null: never that way), so an admin sees whether it uses a password, Microsoft.
  response: z.extend(userSchema, {
    second_factor: z.optional(z.boolean()),
    sign_in_ways: z.optional(
      z.object({
        password: z.nullable(z.string()),
        microsoft: z.nullable(z.string()),
        passkey: z.nullable(z.string()),
      }),
    ),
  }),
});

/** A sign-in history page holds at most this many events. */
export const SIGN_IN_PAGE_MAX = 50;

export const signInEventSchema = z.object({
  at: z.string(),
  /** LOGIN, LOGIN_REFUSED, and the account's other security events (logout, password change, passkeys). */
  action: z.enum(SESSION_ACTIONS),
  /** The way in (shared/second-factor.ts SignInMethod): PASSWORD, PASSWORD_TOTP, MICROSOFT, PASSKEY… */
  method: z.optional(z.string()),
  /** Why a sign-in was refused (WRONG_PASSWORD, USER_DISABLED…). */
  reason: z.optional(z.string()),
  source_ip: z.string(),
  user_agent: z.optional(z.string()),
});

export const listUserSignIns = defineContract({
  id: 'listUserSignIns',
  method: 'GET',
  path: 'api/v1/users/user/{uuid}/sign-ins/',
  access: ROLES,
  handler: 'users/list-user-sign-ins',
  summary:
    "A user's session log (sign-ins with their way in, refusals with their reason, logouts, password and passkey " +
    "changes), newest first, cursor paged: the user's own, " +
    'or one an admin sees in its detail (404 otherwise)',
  params: uuidParams,
  query: z.object({
    limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(SIGN_IN_PAGE_MAX)), 20),
    // An opaque position handed back as `next`; bounded so a forged one cannot be large.
    cursor: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(600))),
  }),
  response: z.object({ results: z.array(signInEventSchema), next: z.nullable(z.string()) }),
});

// Built in a pure IIFE: a function whose contracts never read it leaves it (and the phone parser) out of its bundle.
export const userPatchSchema = /* @__PURE__ */ (() =>
  z.object({
    first_name: z.optional(personName),
    last_name: z.optional(personName),
    email: z.optional(emailSchema),
    rut_user: optionalRut,
    phone_number: optionalPhoneSchema,
    position: optionalText(100),
    user_description: optionalText(500),
    user_magnus: optionalText(100),
    user_documentation: z.optional(boolish),
    user_role: z.optional(z.enum(ROLES)),
    enable: z.optional(boolish),
    project: z.optional(uuidList),
    group: z.optional(uuidList),
    society: z.optional(uuidList),
    version: versionField,
  }))();

export const patchUser = /* @__PURE__ */ defineContract({
  id: 'patchUser',
  method: 'PATCH',
  path: 'api/v1/users/user/{uuid}/',
  access: USER_ADMINS,
  handler: 'users/patch-user',
  summary:
    'Change a user: only the fields sent; SUPER_ADMIN alone changes a role (403 otherwise); {enable} toggles. ' +
    'user_documentation applies to the projects of the caller’s scope only; the account-wide fields (e-mail, enable, ' +
    'names, RUT, phone, position, description, user_magnus) need a scope covering every membership (403 otherwise)',
  params: uuidParams,
  body: userPatchSchema,
  response: userSchema,
});

export const deleteUser = defineContract({
  id: 'deleteUser',
  method: 'DELETE',
  path: 'api/v1/users/user/{uuid}/',
  access: USER_ADMINS,
  statuses: [409],
  handler: 'users/delete-user',
  summary: 'Delete a user (409 USER_IS_ADMIN while it administers a project or group)',
  params: uuidParams,
  response: okSchema,
});

/** The person's own data; dropped from bundles that do not serve it (its phone parser is large). */
const ownProfileSchema = /* @__PURE__ */ (() =>
  z.object({
    first_name: z.optional(personName),
    last_name: z.optional(personName),
    phone_number: optionalPhoneSchema,
  }))();

const profileImageSchema = z.object({ image: z.nullable(z.string()) });

export const patchUserProfile = /* @__PURE__ */ defineContract({
  id: 'patchUserProfile',
  method: 'PATCH',
  path: 'api/v1/users/user-profile/',
  access: ALL,
  handler: 'users/patch-user-profile',
  summary: "Change the caller's own profile: its avatar (multipart 'image': an image, 2 MB at most), names and phone",
  body: ownProfileSchema,
  multipartFiles: { image: 'image' },
  response: profileImageSchema,
});

/** The password change's body; the SPA's form checks itself with it. */
export const passwordUpdateSchema = z
  .object({
    // Not in the spec's payload: without it a stolen session could lock the owner out.
    current_password: z.string().check(z.minLength(1), z.maxLength(100)),
    password: passwordSchema,
    password_confirmation: z.optional(z.string().check(z.maxLength(100))),
  })
  .check(
    z.refine((b) => b.password_confirmation === undefined || b.password_confirmation === b.password, {
      error: 'FORMAT_ERROR',
      path: ['password_confirmation'],
    }),
  );

export const updatePassword = defineContract({
  id: 'updatePassword',
  method: 'PATCH',
  path: 'api/v1/users/password/update/',
  access: ALL,
  statuses: [429],
  handler: 'users/update-password',
  summary:
    "Change the caller's password, given the current one (400 with current_password WRONG_PASSWORD, or PASSWORD_EXISTS when unchanged); ends every session",
  body: passwordUpdateSchema,
  response: okSchema,
});

/** The daily digest of new documents (functions/documents/document-digest.ts): on by default for clients. */
export const patchDocumentDigest = defineContract({
  id: 'patchDocumentDigest',
  method: 'PATCH',
  path: 'api/v1/users/user-profile/document-digest/',
  access: ['USER_GROUP', 'USER_SOCIETY'],
  handler: 'users/patch-document-digest',
  summary: "Turn the caller's daily mail of new documents on or off (clients only: admins get none)",
  body: z.object({ document_digest: z.boolean() }),
  response: z.object({ document_digest: z.boolean() }),
});

export const unsubscribeDocumentDigest = defineContract({
  id: 'unsubscribeDocumentDigest',
  method: 'POST',
  path: 'api/v1/users/document-digest/unsubscribe/',
  access: 'public',
  handler: 'users/unsubscribe-document-digest',
  summary:
    "The digest mail's unsubscribe link, signed out: turns its person's digest off (400 INVALID_TOKEN for an unknown or expired link; a second use answers the same)",
  body: z.object({ token: z.string().check(z.trim(), z.minLength(20), z.maxLength(200)) }),
  response: okSchema,
});

export const confirmEmailChange = defineContract({
  id: 'confirmEmailChange',
  method: 'POST',
  path: 'api/v1/users/email/confirm/',
  access: 'public',
  handler: 'users/confirm-email',
  summary: 'Confirm an e-mail change with its mailed link: the new address becomes the login (400 INVALID_TOKEN)',
  body: z.object({ token: z.string().check(z.trim(), z.minLength(20), z.maxLength(200)) }),
  response: okSchema,
});
