/** Settings every function reads from its environment (set by infra/ in AWS and by local/ on a laptop). */
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}

export const config = {
  get tableName() {
    return required('TABLE_NAME');
  },
  get userPoolId() {
    return required('USER_POOL_ID');
  },
  get userPoolClientId() {
    return required('USER_POOL_CLIENT_ID');
  },
  get assetsBucket() {
    return required('ASSETS_BUCKET');
  },
  get documentsBucket() {
    return required('DOCUMENTS_BUCKET');
  },
  get mailFrom() {
    return required('MAIL_FROM');
  },
  /** The portal's public address, for links in e-mails when a project has no portal URL of its own. */
  get portalUrl() {
    return required('PORTAL_URL');
  },
  /**
   * Set only by local/: the base URL of cognito-local, whose tokens are signed with a key shipped in its package.
   * Its presence is what lets the verifier trust that issuer, so it must never be set in AWS.
   */
  get localCognitoUrl() {
    return process.env.LOCAL_COGNITO_URL;
  },
  get isLocal() {
    return process.env.PORTAL_LOCAL === '1';
  },
};
