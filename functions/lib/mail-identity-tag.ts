/**
 * The tag a firm's SES identity carries, valued with the deployment that created it: IAM lets a deployment delete only
 * the identities it tagged (infra/constructs/function-access.ts), never the portal's own sender.
 */
export const MAIL_IDENTITY_TAG_KEY = 'portal-deployment';
