import type { Node } from 'constructs';
import { DEFAULT_LAMBDA_CONCURRENCY_LIMIT } from './constructs/monitoring';

/**
 * Deployment settings, read from CDK context (`-c key=value` or cdk.json). Every one has a default so that
 * `cdk synth` works offline with none given; docs/deploy.md says which to set for a real deployment.
 */
export interface PortalSettings {
  /** Prefix of every stack name, so several copies (staging, production) can live in one account. */
  prefix: string;
  /**
   * Sender of every e-mail (MAIL_FROM); its domain is the SES domain identity, verified by DKIM. Absent: no identity,
   * a synth warning, and functions that send nothing (mail is not configured).
   */
  senderEmail?: string;
  /** Custom domain of the portal (CloudFront alternate name), with its ACM certificate in us-east-1. */
  domainName?: string;
  certificateArn?: string;
  /** ARN of an existing WAF web ACL (CLOUDFRONT scope, us-east-1) to attach to the distribution. */
  webAclArn?: string;
  /** Public origin of the portal, used in e-mail links (PORTAL_URL) and S3 CORS. */
  portalUrl: string;
  /** True when portalUrl is the placeholder, i.e. neither domainName nor portalUrl was given. */
  portalUrlIsPlaceholder: boolean;
  account?: string;
  region?: string;
  /** The report viewer's BI tools; each absent unless its context is given (the viewer then says so). */
  embedding: EmbeddingSettings;
  /**
   * The Amazon Bedrock foundation model that phrases the chatbot's answers from the retrieved articles (
   * `bedrockModelId`); absent, the chatbot answers from retrieval alone.
   */
  chatbotModelId?: string;
  /** Where the landing's contact form is mailed (`contactEmail`); absent, the sender address. */
  contactEmail?: string;
  /**
   * The application (client) id of the portal's multi-tenant Entra ID app registration (`microsoftClientId`,
   * docs/deploy.md "Microsoft sign-in"); absent, no firm can turn Microsoft sign-in on.
   */
  microsoftClientId?: string;
  /** Where alarms are mailed (`alarmEmail`); absent, the alarms topic has no subscriber. */
  alarmEmail?: string;
  /** The account's Lambda concurrency quota in the region (`lambdaConcurrencyLimit`), for the concurrency alarm. */
  lambdaConcurrencyLimit: number;
  /**
   * `listIndexes=off`: lists read their directories, not the sorted list indexes, until a table written before them
   * has had its backfill (docs/deploy.md, "Sorted list indexes"); absent, lists read the indexes.
   */
  listIndexesOff?: boolean;
  /**
   * Mails per second the invitation mail queue's worker may send (`mailQueueRate`): a share of the SES
   * account's send rate, which every other mail also uses. Default 1, the SES sandbox's whole rate.
   */
  mailQueueRate: number;
}

/**
 * QuickSight and Power BI settings of the report viewer. They become the environment of the function that embeds
 * (functions/lib/embedding/config.ts reads it) and its IAM (constructs/function-access.ts); nothing when absent.
 */
export interface EmbeddingSettings {
  quickSight?: {
    accountId: string;
    region: string;
    namespace: string;
    /**
     * The dashboard ids this deployment may embed start with it; the IAM grant names `dashboard/<prefix>*`
     * and the registry refuses other ids. Absent: the account's every dashboard (the registry alone decides).
     */
    dashboardPrefix?: string;
    sessionMinutes?: number;
    matchAll?: string;
  };
  powerBi?: {
    mode: 'URL' | 'SERVICE_PRINCIPAL';
    filterTable?: string;
    identityRole?: string;
    tenantId?: string;
    clientId?: string;
    /** Name of the SSM SecureString parameter holding the service principal's secret. */
    secretParameter?: string;
  };
}

export const PLACEHOLDER_PORTAL_URL = 'https://portal.example.invalid';

const CERTIFICATE_ARN = /^arn:aws[\w-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/;

export function readSettings(node: Node, env: NodeJS.ProcessEnv = process.env): PortalSettings {
  const text = (key: string): string | undefined => {
    const value: unknown = node.tryGetContext(key);
    if (value === undefined || value === null || value === '') return undefined;
    return String(value).trim();
  };

  const domainName = text('domainName')?.toLowerCase();
  const certificateArn = text('certificateArn');
  if (Boolean(domainName) !== Boolean(certificateArn)) {
    throw new Error('Context domainName and certificateArn go together: give both or neither.');
  }
  if (certificateArn && !CERTIFICATE_ARN.test(certificateArn)) {
    throw new Error(
      `certificateArn must be an ACM certificate in us-east-1 (CloudFront needs it there): ${certificateArn}`,
    );
  }
  if (domainName && !/^[a-z0-9.-]+\.[a-z]{2,}$/.test(domainName)) {
    throw new Error(`domainName must be a host name such as portal.example.com: ${domainName}`);
  }

  const senderEmail = text('senderEmail')?.toLowerCase();
  if (senderEmail !== undefined && (!SENDER.test(senderEmail) || RESERVED_DOMAIN.test(senderEmail))) {
    throw new Error(
      `senderEmail must be an address at a domain you control, such as no-reply@example.cl: ${senderEmail}`,
    );
  }

  const explicitUrl = text('portalUrl')?.replace(/\/+$/, '');
  if (explicitUrl && !/^https:\/\/[^/]+$/.test(explicitUrl)) {
    throw new Error(`portalUrl must be an https origin without a path: ${explicitUrl}`);
  }
  const portalUrl = domainName ? `https://${domainName}` : (explicitUrl ?? PLACEHOLDER_PORTAL_URL);

  const webAclArn = text('webAclArn');
  if (webAclArn && !/^arn:aws[\w-]*:wafv2:us-east-1:\d{12}:global\/webacl\/.+$/.test(webAclArn)) {
    throw new Error(`webAclArn must be a CLOUDFRONT-scope WAFv2 web ACL ARN (us-east-1, global): ${webAclArn}`);
  }

  const prefix = text('prefix') ?? 'Portal';
  if (!/^[A-Za-z][A-Za-z0-9]*$/.test(prefix)) throw new Error(`prefix must be alphanumeric: ${prefix}`);

  return {
    prefix,
    senderEmail,
    domainName,
    certificateArn,
    webAclArn,
    portalUrl,
    portalUrlIsPlaceholder: !domainName && !explicitUrl,
    account: text('account') ?? env.CDK_DEFAULT_ACCOUNT,
    region: text('region') ?? env.CDK_DEFAULT_REGION,
    embedding: readEmbeddingSettings(text),
    chatbotModelId: checked(text('bedrockModelId'), BEDROCK_MODEL, 'bedrockModelId must be a foundation model id'),
    contactEmail: checked(text('contactEmail'), EMAIL, 'contactEmail must be an e-mail address'),
    microsoftClientId: checked(
      text('microsoftClientId')?.toLowerCase(),
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      'microsoftClientId must be the application (client) id of the Entra ID app registration, a GUID',
    ),
    mailQueueRate: mailQueueRate(text('mailQueueRate')),
    alarmEmail: checked(text('alarmEmail'), EMAIL, 'alarmEmail must be an e-mail address'),
    lambdaConcurrencyLimit: concurrencyLimit(text('lambdaConcurrencyLimit')),
    listIndexesOff: listIndexesOff(text('listIndexes')),
  };
}

function listIndexesOff(value: string | undefined): boolean | undefined {
  if (value === undefined || value === 'on') return undefined;
  if (value === 'off') return true;
  throw new Error(`listIndexes must be off (or on, the default): ${value}`);
}

function concurrencyLimit(value: string | undefined): number {
  if (value === undefined) return DEFAULT_LAMBDA_CONCURRENCY_LIMIT;
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 10)
    throw new Error(`lambdaConcurrencyLimit must be a whole number >= 10: ${value}`);
  return limit;
}

function mailQueueRate(value: string | undefined): number {
  if (value === undefined) return 1;
  const rate = Number(value);
  if (!Number.isFinite(rate) || rate <= 0 || rate > 100)
    throw new Error(`mailQueueRate must be 0 < rate <= 100: ${value}`);
  return rate;
}

/** A foundation model id ('anthropic.claude-3-haiku-20240307-v1:0'); it ends up in the function's IAM resource. */
const BEDROCK_MODEL = /^[a-z0-9-]+\.[A-Za-z0-9.:_-]{1,120}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The sender's domain becomes an SES domain identity: a host name, not just anything after the @. */
const SENDER = /^[^\s@]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/;
/** Domains no one can verify (RFC 2606): a sender there would never leave SES's pending state. */
const RESERVED_DOMAIN = /[@.]example\.(com|net|org)$|\.(example|invalid|test|localhost)$/;

function checked(value: string | undefined, pattern: RegExp, message: string): string | undefined {
  if (value !== undefined && !pattern.test(value)) throw new Error(`${message}: ${value}`);
  return value;
}

const ACCOUNT_ID = /^\d{12}$/;
const REGION = /^[a-z]{2}(-[a-z]+)+-\d$/;
/** Namespaces, Power BI tables and roles end up in ARNs and URL filters: plain names only. */
const NAME = /^[A-Za-z0-9._-]{1,64}$/;
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SSM_NAME = /^\/?[A-Za-z0-9_.\-/]{1,1011}$/;

function readEmbeddingSettings(text: (key: string) => string | undefined): EmbeddingSettings {
  const embedding: EmbeddingSettings = {};
  const check = (key: string, pattern: RegExp, what: string) => {
    const value = text(key);
    if (value !== undefined && !pattern.test(value)) throw new Error(`${key} must be ${what}: ${value}`);
    return value;
  };

  const accountId = check('quicksightAccountId', ACCOUNT_ID, 'a 12-digit AWS account id');
  const quickSightRegion = check('quicksightRegion', REGION, 'an AWS region such as us-east-1');
  const quickSightRest = [
    'quicksightNamespace',
    'quicksightMode',
    'quicksightSessionMinutes',
    'quicksightMatchAll',
    'quicksightDashboardPrefix',
  ];
  if (accountId || quickSightRegion || quickSightRest.some((key) => text(key) !== undefined)) {
    if (!accountId || !quickSightRegion) {
      throw new Error('QuickSight needs both -c quicksightAccountId=... and -c quicksightRegion=... (docs/deploy.md).');
    }
    // Anonymous embedding only, with the caller's scope as session tags; no report names a QuickSight user.
    const mode = text('quicksightMode')?.toUpperCase() ?? 'ANONYMOUS';
    if (mode !== 'ANONYMOUS') {
      throw new Error(`quicksightMode must be ANONYMOUS (registered users are not embedded): ${mode}`);
    }
    const minutesText = check('quicksightSessionMinutes', /^\d+$/, 'a whole number of minutes');
    const sessionMinutes = minutesText === undefined ? undefined : Number(minutesText);
    // QuickSight accepts 15 to 600 minutes (design/reports.md).
    if (sessionMinutes !== undefined && (sessionMinutes < 15 || sessionMinutes > 600)) {
      throw new Error(`quicksightSessionMinutes must be between 15 and 600: ${sessionMinutes}`);
    }
    embedding.quickSight = {
      accountId,
      region: quickSightRegion,
      namespace: check('quicksightNamespace', NAME, 'a QuickSight namespace name') ?? 'default',
      dashboardPrefix: check(
        'quicksightDashboardPrefix',
        /^[\w-]{1,100}$/,
        'a dashboard id prefix (letters, digits, _ or -)',
      ),
      sessionMinutes,
      matchAll: text('quicksightMatchAll'),
    };
  }

  const powerBiMode = text('powerbiMode')?.toUpperCase();
  const powerBiRest = ['powerbiTenantId', 'powerbiClientId', 'powerbiSecretParameter', 'powerbiFilterTable'];
  if (powerBiMode === undefined && powerBiRest.some((key) => text(key) !== undefined)) {
    throw new Error('Power BI settings need -c powerbiMode=URL or SERVICE_PRINCIPAL (docs/deploy.md).');
  }
  if (powerBiMode !== undefined) {
    if (powerBiMode !== 'URL' && powerBiMode !== 'SERVICE_PRINCIPAL') {
      throw new Error(`powerbiMode must be URL or SERVICE_PRINCIPAL: ${powerBiMode}`);
    }
    const tenantId = check('powerbiTenantId', GUID, 'a Microsoft Entra tenant id (GUID)');
    const clientId = check('powerbiClientId', GUID, 'a Microsoft Entra application (client) id (GUID)');
    const secretParameter = check('powerbiSecretParameter', SSM_NAME, 'an SSM parameter name such as /portal/powerbi');
    if (powerBiMode === 'SERVICE_PRINCIPAL' && !(tenantId && clientId && secretParameter)) {
      throw new Error(
        'powerbiMode=SERVICE_PRINCIPAL needs powerbiTenantId, powerbiClientId and powerbiSecretParameter.',
      );
    }
    embedding.powerBi = {
      mode: powerBiMode,
      filterTable: check('powerbiFilterTable', NAME, 'a Power BI table name'),
      identityRole: check('powerbiIdentityRole', NAME, 'a Power BI dataset role name'),
      // The service principal only exists in SERVICE_PRINCIPAL mode: URL mode reads no secret (no SSM access).
      ...(powerBiMode === 'SERVICE_PRINCIPAL' && { tenantId, clientId, secretParameter }),
    };
  }
  return embedding;
}
