/** Settings every function reads from its environment (set by infra/ in AWS and by local/ on a laptop). */

/** Switches only local/ sets. Inside Lambda (AWS_LAMBDA_FUNCTION_NAME is set by the runtime) they are refused. */
export const LOCAL_ONLY_VARIABLES = [
  'LOCAL_COGNITO_URL',
  'PORTAL_LOCAL',
  'LOCAL_SECOND_FACTOR_KEY',
  'LOCAL_PORTAL_TOKEN_KEY',
  'LOCAL_MICROSOFT_CLIENT_SECRET',
  'LOCAL_MICROSOFT_STAND_IN',
] as const;

export const inLambda = () => Boolean(process.env.AWS_LAMBDA_FUNCTION_NAME);

/**
 * Fails closed: a local switch found inside Lambda stops the function instead of trusting cognito-local's
 * issuer (whose signing key ships in an npm package) or skipping the origin check.
 */
function localOnly(name: (typeof LOCAL_ONLY_VARIABLES)[number]): string | undefined {
  const value = process.env[name];
  if (value !== undefined && inLambda()) {
    throw new Error(`${name} is a local-only setting and is refused inside Lambda`);
  }
  return value;
}

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
  /**
   * The portal's sender. Unset when the deployment was given no senderEmail (infra/settings.ts): mail is not configured
   * and sendMail sends nothing (functions/lib/email.ts).
   */
  get mailFrom(): string | undefined {
    return process.env.MAIL_FROM || undefined;
  },
  /** The SES configuration set the firms' own mail domains join (functions/lib/mail-identity.ts). */
  get mailConfigurationSet(): string | undefined {
    return process.env.MAIL_CONFIGURATION_SET || undefined;
  },
  /** The deployment's tag on the firms' SES identities: IAM lets it delete only those (infra function-access.ts). */
  get mailIdentityTag() {
    return required('MAIL_IDENTITY_TAG');
  },
  /** The portal's public address, for links in e-mails when a project has no portal URL of its own. */
  get portalUrl() {
    return required('PORTAL_URL');
  },
  /**
   * The firm's contact address: landing contact messages, and tickets of a project without a contact
   * e-mail, go there. Optional: without it they go to the portal's sender address, which the firm reads (and with
   * neither, mail is not configured and nothing is sent).
   */
  get contactEmail(): string | undefined {
    return process.env.CONTACT_EMAIL || process.env.MAIL_FROM || undefined;
  },
  /**
   * The SQS queue of invitation mails (infra/constructs/mail-queue.ts): a CSV import enqueues its mails
   * there. Unset (locally) they wait in the table's outbox instead (functions/lib/data/mail-outbox.ts).
   */
  get mailQueueUrl(): string | undefined {
    return process.env.MAIL_QUEUE_URL || undefined;
  },
  /** Mails per second the queue's worker sends (SES's account send rate, shared with every other mail). */
  get mailSendRate(): number {
    const rate = Number(process.env.MAIL_SEND_RATE);
    return Number.isFinite(rate) && rate > 0 ? rate : 1;
  },
  /**
   * Whether lists read the sorted listing indexes (docs/decisions/list-paging.md). Writers keep them whatever this says;
   * `off` only while a table written before them waits for its backfill (README "Maintenance: sorted list indexes").
   */
  get listIndexes(): boolean {
    return process.env.LIST_INDEXES !== 'off';
  },
  /** Amazon Bedrock model of the chatbot; unset, the chatbot answers from retrieval alone. */
  get bedrockModelId(): string | undefined {
    return process.env.BEDROCK_MODEL_ID || undefined;
  },
  /**
   * Set only by local/: the base URL of cognito-local, whose tokens are signed with a key shipped in its package.
   * Its presence is what lets the verifier trust that issuer, so it must never be set in AWS.
   */
  get localCognitoUrl() {
    return localOnly('LOCAL_COGNITO_URL');
  },
  get isLocal() {
    return localOnly('PORTAL_LOCAL') === '1';
  },
  /**
   * The second factor's key (functions/lib/auth/second-factor-key.ts): in AWS the Secrets Manager secret that holds
   * it, read once per cold start; locally the key itself, which the local stack generates (base64url, 32 bytes).
   */
  get secondFactorSecretArn(): string | undefined {
    return process.env.SECOND_FACTOR_SECRET_ARN || undefined;
  },
  get localSecondFactorKey(): string | undefined {
    return localOnly('LOCAL_SECOND_FACTOR_KEY');
  },
  /**
   * The key of the portal's own tokens (functions/lib/auth/portal-tokens.ts): in AWS the asymmetric KMS key's ARN;
   * locally the private key itself (PKCS#8 DER, base64url), which the local stack generates and Lambda refuses.
   */
  get portalTokenKeyId(): string | undefined {
    return process.env.PORTAL_TOKEN_KEY_ID || undefined;
  },
  get localPortalTokenKey(): string | undefined {
    return localOnly('LOCAL_PORTAL_TOKEN_KEY');
  },
  /**
   * Microsoft sign-in (functions/lib/auth/microsoft.ts): the portal's Entra ID app registration (its client id; unset,
   * the deployment has no Microsoft sign-in), the client secret (in AWS the Secrets Manager secret that holds it,
   * locally itself) and, locally, the address of the stand-in that answers for Entra ID's origin.
   */
  get microsoftClientId(): string | undefined {
    return process.env.MICROSOFT_CLIENT_ID || undefined;
  },
  get localMicrosoftStandIn(): string | undefined {
    return localOnly('LOCAL_MICROSOFT_STAND_IN');
  },
  get microsoftSecretArn(): string | undefined {
    return process.env.MICROSOFT_SECRET_ARN || undefined;
  },
  get localMicrosoftClientSecret(): string | undefined {
    return localOnly('LOCAL_MICROSOFT_CLIENT_SECRET');
  },
  /**
   * The value CloudFront sends in the origin-verify header (infra/constructs/api.ts). Required inside Lambda, so a
   * function deployed without it refuses every request rather than serving the execute-api endpoint; absent locally.
   */
  get originVerifySecret(): string | undefined {
    return inLambda() ? required('ORIGIN_VERIFY_SECRET') : undefined;
  },
};
