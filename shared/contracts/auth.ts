import * as z from 'zod/mini';
import { ROLES } from '../roles';
import { defineContract } from './define';
import { emailSchema, okSchema, text } from './fields';

const ALL_ROLES = ROLES;

export const postToken = defineContract({
  id: 'postToken',
  method: 'POST',
  path: 'api/v1/token/',
  access: 'public',
  statuses: [401, 403, 429],
  handler: 'auth/post-token',
  summary:
    'Sign in with e-mail and password; throttled per e-mail. With the x-portal-csrf header (the SPA) the tokens are ' +
    'set as HttpOnly cookies, persistent when `remember`, and the body carries none',
  body: z.object({
    email: emailSchema,
    password: z.string().check(z.minLength(1), z.maxLength(100)),
    remember: z.optional(z.boolean()),
    /** A trusted device's token (API clients; the SPA's is a cookie): skips the second factor's code there. */
    trusted_device: z.optional(z.string().check(z.maxLength(100))),
  }),
  // Absent when the tokens went into cookies (shared/session-cookies.ts).
  response: z.object({
    access: z.optional(z.string()),
    refresh: z.optional(z.string()),
    /** Instead of tokens, when the second factor is due (shared/contracts/second-factor.ts). */
    second_factor: z.optional(z.object({ challenge: z.string(), step: z.enum(['VERIFY', 'ENROL']) })),
  }),
});

export const postTokenRefresh = defineContract({
  id: 'postTokenRefresh',
  method: 'POST',
  path: 'api/v1/token/refresh/',
  access: 'public',
  statuses: [401, 403],
  handler: 'auth/post-token-refresh',
  summary:
    'Exchange a refresh token for a new access token. The SPA sends no body token: its refresh cookie is read, and ' +
    'the new access token is set as a cookie, not in the body',
  body: z.object({ refresh: z.optional(z.string().check(z.minLength(1), z.maxLength(8192))) }),
  response: z.object({ access: z.optional(z.string()) }),
});

export const postSessionLogout = defineContract({
  id: 'postSessionLogout',
  method: 'POST',
  path: 'api/v1/logs/session-log/logout/',
  // Public so that a logout works with an expired access token: the refresh token names the session.
  access: 'public',
  // 403 CSRF_REFUSED: the session cookies without the SPA's header.
  statuses: [403],
  handler: 'auth/post-session-logout',
  summary:
    'End every session of the user named by the refresh token (or the access token), of the body or header or of ' +
    'the session cookies, record the logout and clear the cookies',
  body: z.object({ refresh: z.optional(z.string().check(z.maxLength(8192))) }),
  response: okSchema,
});

export const postBrowsingLog = defineContract({
  id: 'postBrowsingLog',
  method: 'POST',
  path: 'api/v1/logs/browsing-log/',
  access: ALL_ROLES,
  handler: 'auth/post-browsing-log',
  summary: 'Record a page view',
  body: z.object({
    browsing_url: text(2048),
    browsing_module: text(100),
    browsing_view: text(100),
  }),
  response: okSchema,
  successStatus: 201,
});

const namedRef = (nameField: string) =>
  z.looseObject({ uuid: z.string(), [nameField]: z.string() }) as z.ZodMiniObject<
    { uuid: z.ZodMiniString },
    z.core.$loose
  >;

export const userInfoSchema = z.object({
  user: z.object({ uuid: z.string(), first_name: z.string(), last_name: z.string(), email: z.string() }),
  profile: z.object({
    user_role: z.enum(ROLES),
    image: z.nullable(z.string()),
    phone_number: z.nullable(z.string()),
    position: z.nullable(z.string()),
    user_documentation: z.boolean(),
    rut_user: z.nullable(z.string()),
    user_description: z.nullable(z.string()),
    user_magnus: z.nullable(z.string()),
    /** The daily digest of new documents: on or off for clients; null for admins, who get none. */
    document_digest: z.optional(z.nullable(z.boolean())),
    /** Reminder mails of open document requests: on or off for clients; null for admins, who get none. */
    request_reminders: z.optional(z.nullable(z.boolean())),
    /** The hourly notice of new messages: on or off, for everyone (both sides of the conversations get it). */
    message_notices: z.optional(z.boolean()),
    /** Whether the caller's second factor is active ('Mi perfil' offers to turn it on otherwise). */
    second_factor: z.optional(z.boolean()),
  }),
  projects: z.array(namedRef('project_name')),
  groups: z.array(namedRef('group_name')),
  societies: z.array(namedRef('society_business_name')),
});

export const getUserInfo = defineContract({
  id: 'getUserInfo',
  method: 'GET',
  path: 'api/v1/users/info/',
  access: ALL_ROLES,
  handler: 'auth/get-user-info',
  summary: "The caller's profile and the projects, groups and societies it belongs to",
  response: userInfoSchema,
});

export const siteDataSchema = z.object({
  primary_color: z.string(),
  secondary_color: z.string(),
  project_name: z.string(),
  meta_title: z.string(),
  meta_content: z.string(),
  header_title: z.nullable(z.string()),
  subtitle: z.nullable(z.string()),
  footer_disclaimer: z.nullable(z.string()),
  url_own_site: z.nullable(z.string()),
  /** Short-lived URLs of the project's images, or null. */
  logo: z.nullable(z.string()),
  icon: z.nullable(z.string()),
  /** The login's background image (uploaded in 'Diseño', never shown before). */
  image: z.nullable(z.string()),
  contact_email: z.nullable(z.string()),
  contact_phone: z.nullable(z.string()),
  custom_portal_url: z.nullable(z.string()),
  /** The firm signs its people in with Microsoft too: the login shows the button (shared/microsoft.ts). */
  microsoft_sign_in: z.optional(z.boolean()),
});

export const postPersonalizationLogin = defineContract({
  id: 'postPersonalizationLogin',
  method: 'POST',
  path: 'api/v1/personalization/login/',
  access: 'public',
  statuses: [404],
  handler: 'auth/post-personalization-login',
  summary: 'Branding of the project whose custom_portal_url matches the given origin',
  // A stored portal URL has at most 200 characters (urlSchema); a longer one can match none, and it becomes part of a
  // DynamoDB key, which takes at most 2048 bytes (the fuzzer found 500s with long 'ñ' texts).
  body: z.object({ custom_portal_url: text(200) }),
  response: siteDataSchema,
});

/**
 * Microsoft sign-in (shared/microsoft.ts): the portal is Entra ID's relying party, by the authorization code flow with
 * PKCE, state and nonce. Both routes answer with a redirect (a plain navigation of the browser), never JSON: the start
 * to Microsoft, the callback to the SPA (signed in, the login's second-factor step, or the login with the refusal's
 * code in `microsoft_error`).
 */
export const startMicrosoftSignIn = defineContract({
  id: 'startMicrosoftSignIn',
  method: 'GET',
  path: 'api/v1/token/microsoft/',
  access: 'public',
  handler: 'auth/start-microsoft-sign-in',
  successStatus: 302,
  summary:
    "Redirects to Microsoft's sign-in for this firm's portal (its Entra ID tenant), with PKCE, state and nonce kept in " +
    'a sealed HttpOnly cookie for ten minutes; to the login with microsoft_error=MICROSOFT_SIGN_IN_OFF when the firm ' +
    'has it off',
  response: z.object({}),
});

export const microsoftSignInCallback = defineContract({
  id: 'microsoftSignInCallback',
  method: 'GET',
  path: 'api/v1/token/microsoft/callback/',
  access: 'public',
  handler: 'auth/microsoft-sign-in-callback',
  successStatus: 302,
  summary:
    "Entra ID's redirect URI: exchanges the code (PKCE), checks state, nonce and the ID token, trusts the e-mail only " +
    "from the firm's tenant with a verified domain, and matches an enabled user or a pending invitation of this " +
    "firm; then the session cookies and a redirect to /login?microsoft=signed_in (or the second factor's step). Refusals redirect to the " +
    'login with microsoft_error',
  query: z.object({
    code: z.optional(z.string().check(z.maxLength(4000))),
    state: z.optional(z.string().check(z.maxLength(200))),
    error: z.optional(z.string().check(z.maxLength(200))),
  }),
  response: z.object({}),
});
