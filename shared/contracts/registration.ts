import * as z from 'zod/mini';
import { ROLES } from '../roles';
import { defineContract } from './define';
import {
  boolish,
  emailSchema,
  mailSuppressedSchema,
  okSchema,
  pageOf,
  pageQuery,
  passwordSchema,
  preprocess,
  rutSchema,
  uuidList,
  uuidSchema,
} from './fields';
import { phoneSchema } from './phone-fields';
import { personName } from './users';

const INVITERS = ['SUPER_ADMIN', 'PROJECT_ADMIN', 'GROUP_ADMIN'] as const;
const tokenSchema = z.string().check(z.trim(), z.minLength(20), z.maxLength(200));

const withConfirmation = <T extends z.core.$ZodShape>(shape: T) =>
  z.object({ ...shape, password: passwordSchema, password_confirmation: z.string().check(z.maxLength(100)) }).check(
    z.refine(
      (b) => {
        const body = b as { password: string; password_confirmation: string };
        return body.password === body.password_confirmation;
      },
      { error: 'FORMAT_ERROR', path: ['password_confirmation'] },
    ),
  );

export const invitationSchema = z.object({
  uuid: z.string(),
  email: z.string(),
  user_role: z.enum(ROLES),
  status: z.enum(['PENDING', 'SEND_FAILED']),
  created: z.string(),
  sent: z.nullable(z.string()),
  days: z.number().check(z.int()),
  /** Where the invitation leads, by name: the societies, groups or project chosen; null for none. */
  target: z.nullable(z.string()),
  project: z.array(z.string()),
  group: z.array(z.string()),
  society: z.array(z.string()),
  mail_suppressed: mailSuppressedSchema,
});

/** An invitation asked for: the role, the e-mail and the role's targets. */
export const invitationBodySchema = /* @__PURE__ */ (() =>
  z.object({
    user_role: z.enum(ROLES),
    email: emailSchema,
    project: z.optional(uuidList),
    group: z.optional(uuidList),
    society: z.optional(uuidList),
    /** Client roles: whether the person may browse the firm's documents once registered (off when absent). */
    user_documentation: z.optional(boolish),
  }))();

export const generateInvitation = defineContract({
  id: 'generateInvitation',
  method: 'POST',
  path: 'api/v1/register/generate-invitation/',
  access: INVITERS,
  statuses: [429],
  handler: 'registration/generate-invitation',
  summary: 'Invite an e-mail with a role and its targets; the invitation mail goes through SES',
  body: invitationBodySchema,
  response: invitationSchema,
  successStatus: 201,
});

const invitationQuery = z.object({
  ...pageQuery,
  /**
   * How the search text matches: `contains` (the default) anywhere in the e-mail; `prefix` its start, which costs the
   * same whatever the partition holds (docs/decisions/list-paging.md).
   */
  match: z.optional(z.enum(['contains', 'prefix'])),
});

export const listInvitations = defineContract({
  id: 'listInvitations',
  method: 'GET',
  path: 'api/v1/register/invitations/',
  access: INVITERS,
  handler: 'registration/list-invitations',
  summary: 'Pending invitations in scope, newest first',
  query: invitationQuery,
  response: pageOf(invitationSchema),
});

export const searchInvitations = defineContract({
  id: 'searchInvitations',
  method: 'GET',
  path: 'api/v1/register/invitations-search/',
  access: INVITERS,
  handler: 'registration/search-invitations',
  summary: 'Pending invitations in scope whose e-mail contains the search text',
  query: invitationQuery,
  response: pageOf(invitationSchema),
});

const idParams = z.object({ id: uuidSchema });

export const resendInvitation = defineContract({
  id: 'resendInvitation',
  method: 'PUT',
  path: 'api/v1/register/invitations/{id}/',
  access: INVITERS,
  statuses: [429],
  handler: 'registration/resend-invitation',
  summary: 'Send the invitation again with a new link (the old one stops working)',
  params: idParams,
  response: invitationSchema,
});

export const deleteInvitation = defineContract({
  id: 'deleteInvitation',
  method: 'DELETE',
  path: 'api/v1/register/invitations/{id}/',
  access: INVITERS,
  handler: 'registration/delete-invitation',
  summary: 'Withdraw a pending invitation (its link stops working)',
  params: idParams,
  response: okSchema,
});

export const verifyInvitation = defineContract({
  id: 'verifyInvitation',
  method: 'GET',
  path: 'api/v1/register/invitation/',
  access: 'public',
  statuses: [429],
  handler: 'registration/verify-invitation',
  summary: 'Check an invitation link (400 INVALID_TOKEN when unknown, used or expired)',
  query: z.object({ token: tokenSchema }),
  // What the invitation knows of the person prefills the form, and the page says which firm invites.
  response: z.object({
    email: z.string(),
    user_role: z.enum(ROLES),
    first_name: z.nullable(z.string()),
    last_name: z.nullable(z.string()),
    rut_user: z.nullable(z.string()),
    phone_number: z.nullable(z.string()),
    /** The address has an account already (another firm's client): accepting joins it, with its password. */
    has_account: z.boolean(),
    project: z.nullable(
      z.object({
        project_name: z.string(),
        logo: z.nullable(z.string()),
        primary_color: z.string(),
        secondary_color: z.string(),
      }),
    ),
  }),
});

/** Bodies the SPA's forms check themselves with. */
// Built in a pure IIFE: a function whose contracts never read it leaves it (and the phone parser) out of its bundle.
export const registrationSchema = /* @__PURE__ */ (() =>
  withConfirmation({
    token: tokenSchema,
    // Required for a new account; an existing one (has_account) joins with its password alone.
    first_name: z.optional(personName),
    last_name: z.optional(personName),
    rut_user: preprocess((v) => (v === '' ? undefined : v), z.optional(rutSchema)),
    phone_number: preprocess((v) => (v === '' ? undefined : v), z.optional(phoneSchema)),
  }))();
export const passwordResetRequestSchema = z.object({ email: emailSchema });
export const passwordResetSchema = withConfirmation({ token: tokenSchema });

export const registerInvitation = /* @__PURE__ */ defineContract({
  id: 'registerInvitation',
  method: 'POST',
  path: 'api/v1/register/invitation/',
  access: 'public',
  statuses: [409, 429],
  handler: 'registration/register-invitation',
  summary: 'Create the account of an invitation: identity, user and memberships in one step; the link is consumed',
  body: registrationSchema,
  response: okSchema,
  successStatus: 201,
});

export const requestPasswordReset = defineContract({
  id: 'requestPasswordReset',
  method: 'POST',
  path: 'api/v1/users/password/reset/',
  access: 'public',
  statuses: [429],
  handler: 'registration/request-password-reset',
  summary:
    'Mail a password link (EMAIL_SENT for every address, registered or not, at the same time; throttled per address)',
  body: passwordResetRequestSchema,
  response: z.object({ code: z.literal('EMAIL_SENT') }),
});

export const confirmPasswordReset = defineContract({
  id: 'confirmPasswordReset',
  method: 'GET',
  path: 'api/v1/users/password/reset/',
  access: 'public',
  statuses: [429],
  handler: 'registration/confirm-password-reset',
  summary: 'Check a password link (400 INVALID_TOKEN when unknown, used or expired)',
  query: z.object({ token: tokenSchema }),
  response: okSchema,
});

export const resetPassword = defineContract({
  id: 'resetPassword',
  method: 'PATCH',
  path: 'api/v1/users/password/reset/',
  access: 'public',
  statuses: [429],
  handler: 'registration/reset-password',
  summary: 'Set a new password with a password link; the link is consumed',
  body: passwordResetSchema,
  response: okSchema,
});

export const importUsersCsv = defineContract({
  id: 'importUsersCsv',
  method: 'POST',
  path: 'api/v1/register/load-register/csv/',
  access: INVITERS,
  statuses: [408, 429],
  handler: 'registration/import-users-csv',
  summary: 'Invite the users of a CSV file (file_csv); answers a per-row report, valid rows are invited',
  body: z.object({}),
  multipartFiles: { file_csv: 'csv' },
  response: z.object({
    created: z.number().check(z.int()),
    failed: z.number().check(z.int()),
    already_invited: z.number().check(z.int()),
    /** The created rows' mails wait in a queue sent at SES's rate; this many are on their way. */
    mails_queued: z.number().check(z.int()),
    rows: z.array(
      z.object({
        row: z.number().check(z.int()),
        email: z.string(),
        /** ALREADY_INVITED: the address has a pending invitation (a re-import), nothing to fix. */
        status: z.enum(['CREATED', 'FAILED', 'ALREADY_INVITED']),
        errors: z.record(z.string(), z.array(z.string())),
      }),
    ),
  }),
});
