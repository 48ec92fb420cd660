/**
 * Microsoft sign-in per firm: the portal is an OpenID Connect relying party of Entra ID (functions/lib/auth/microsoft.ts).
 * A project's `microsoft_tenant` says who may come in that way: '' nobody (off), an Entra ID tenant id (the firm's
 * directory: only its verified domains' e-mails count), or MICROSOFT_ANY_ACCOUNT (any work account whose e-mail's
 * domain its tenant verified, or a personal Microsoft account, whose e-mail Microsoft verified).
 */
export const MICROSOFT_ANY_ACCOUNT = 'ANY';

/** Entra ID's authority: `<origin>/<tenant>/v2.0`, or `<origin>/common/v2.0` for any account. */
export const MICROSOFT_ORIGIN = 'https://login.microsoftonline.com';

/** The tenant of personal Microsoft accounts (outlook.com, hotmail.com, live.com): its `tid` claim. */
export const MICROSOFT_CONSUMER_TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad';

/** Where the branded login's button goes (a plain navigation: the API answers with the redirect to Microsoft). */
export const MICROSOFT_START_PATH = '/api/v1/token/microsoft/';
/** Entra ID's redirect URI on each firm's portal: `https://<portal>` + this. */
export const MICROSOFT_CALLBACK_PATH = '/api/v1/token/microsoft/callback/';

/**
 * The login page reads these after the redirect: signed in (the SPA marks its session and goes on), a refusal's code,
 * or a second factor's challenge (in the hash, which no server sees).
 */
export const MICROSOFT_DONE_PARAM = 'microsoft';
export const MICROSOFT_DONE_VALUE = 'signed_in';
export const MICROSOFT_ERROR_PARAM = 'microsoft_error';
export const MICROSOFT_CHALLENGE_HASH = 'second_factor';
