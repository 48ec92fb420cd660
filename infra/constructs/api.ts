import path from 'node:path';
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  type IHttpApi,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { type ISecret, Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { ORIGIN_VERIFY_HEADER } from '../../functions/lib/http/origin-verify';
import type { Contract } from '../../shared/contracts/define';
import { routePath as httpApiPath, routeKey as httpApiRouteKey } from '../../shared/contracts/define';
import { bundlingFor, lambdaBundling } from '../bundling';
import { handlerEntry, REPO_ROOT } from '../paths';
import { type Permissions, permissionsOf, portalTokensOf } from '../permissions';
import type { EmbeddingSettings } from '../settings';
import {
  acknowledgeAssetObjects,
  acknowledgeDocumentObjects,
  acknowledgeEdgeTenants,
  acknowledgeMailIdentities,
  acknowledgeQuickSightResources,
  edgeEnvironment,
  functionPolicy,
  traced,
} from './function-access';
import type { EdgeTenancy } from './web';

/** The newest Node.js runtime aws-cdk-lib knows (cdk-nag AwsSolutions-L1 checks for it); bundles target node20. */
export const LAMBDA_RUNTIME = Runtime.NODEJS_24_X;
export const LAMBDA_MEMORY_MB = 512;
/** API Gateway HTTP APIs give up on an integration after 30 s. */
export const LAMBDA_TIMEOUT = Duration.seconds(29);
export const LOG_RETENTION = RetentionDays.THREE_MONTHS;

/** What every function reaches: the stateful stack's resources, and the settings that become its environment. */
export interface Backend {
  table: ITableV2;
  /** ARNs of the table's indexes, named one by one. */
  tableIndexArns: string[];
  documentsBucket: IBucket;
  assetsBucket: IBucket;
  /** `<assets bucket ARN>/*`, imported by name in the API stacks (see stacks/stateful-stack.ts). */
  assetsObjectsArn: string;
  /** `<documents bucket ARN>/*`, imported the same way. */
  documentsObjectsArn: string;
  /** `<documents bucket ARN>/uploads/accounting/*`: the large ledger files, all the import job may read. */
  ledgerUploadsArn: string;
  userPool: IUserPool;
  userPoolClient: IUserPoolClient;
  /**
   * What ses:SendEmail is authorized on: the account's identities in the region (the portal's domain and the firms'
   * verified domains, created at run time) and the configuration set.
   */
  mailResources: string[];
  /** The portal's sender (MAIL_FROM); absent, the deployment sends no mail (functions/lib/email.ts). */
  senderEmail?: string;
  /** The SES configuration set, given to the firms' domain identities (functions/lib/mail-identity.ts). */
  configurationSetName: string;
  /** The value of MAIL_IDENTITY_TAG_KEY on the firms' identities this deployment creates, and alone may delete. */
  mailIdentityTag: string;
  /** The invitation mail queue (constructs/mail-queue.ts): CSV imports enqueue, its worker mails. */
  mailQueue: IQueue;
  portalUrl: string;
  /** The second factor's key (constructs/second-factor-key.ts): only functions declaring `secondFactorKey` read it. */
  secondFactorSecret: ISecret;
  /** The portal tokens' signing key (constructs/portal-token-key.ts): reached as `portalTokensOf` says. */
  portalTokenKey: IKey;
  /** Microsoft sign-in: the Entra ID app's client secret (read by functions declaring `microsoft`) and its client id. */
  microsoftSecret: ISecret;
  microsoftClientId?: string;
}

/** The portal's sender, when the deployment has one: functions without MAIL_FROM know mail is not configured. */
export const mailEnvironment = (backend: Pick<Backend, 'senderEmail'>): { MAIL_FROM?: string } =>
  backend.senderEmail ? { MAIL_FROM: backend.senderEmail } : {};

/** The header CloudFront adds to every /api/* request it forwards; functions refuse requests without it. */
export { ORIGIN_VERIFY_HEADER };

/**
 * Default route throttling of the stage (per route, across all callers and so shared by every firm): a backstop, low
 * enough that a flood on one route cannot use up the account's Lambda concurrency, and above what the WAF lets through
 * for any one firm (web-acl.ts WAF_RATE_LIMITS.apiPerFirm, ~50 a second) or a handful of addresses, so that it is the
 * per-firm and per-address limits that stop a flood, not one bucket that every firm then waits on.
 */
export const STAGE_THROTTLE = { rateLimit: 200, burstLimit: 400 } as const;

/**
 * The HTTP API's access log line. No query string (download links carry `?token=`), no headers (Authorization), no
 * path beyond the route key (`GET /api/v1/users/user/{uuid}`): what was called, by which IP, with what outcome.
 */
export const ACCESS_LOG_FORMAT = {
  requestId: '$context.requestId',
  time: '$context.requestTime',
  ip: '$context.identity.sourceIp',
  route: '$context.routeKey',
  status: '$context.status',
  protocol: '$context.protocol',
  bytes: '$context.responseLength',
  latencyMs: '$context.integrationLatency',
  error: '$context.integrationErrorMessage',
} as const;

/**
 * The HTTP API and its $default stage (auto-deployed, access-logged, throttled). Routes live in the API stacks.
 *
 * The execute-api endpoint stays enabled because it is CloudFront's origin: disabling it needs an API Gateway custom
 * domain (a regional certificate and a DNS name of its own) that the portal's settings do not have. Instead, requests
 * that did not come through CloudFront are refused: CloudFront adds ORIGIN_VERIFY_HEADER with a generated secret
 * (Secrets Manager) to every /api/* request, and every function compares it before doing anything else
 * (functions/lib/http/origin-verify.ts), so a caller who finds the execute-api host gets 403 and bypasses neither the
 * WAF nor the security headers.
 */
export class HttpApiGateway extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  readonly originSecret: Secret;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: 'Portal API: one route and one function per contract (shared/contracts)',
      createDefaultStage: false,
    });
    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: LOG_RETENTION });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: STAGE_THROTTLE,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(JSON.stringify(ACCESS_LOG_FORMAT)),
      },
    });
    this.originSecret = new Secret(this, 'OriginVerify', {
      description: 'Portal: the header value CloudFront adds to /api/* requests (infra/constructs/api.ts)',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });
    Validations.of(this.originSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'A shared value between CloudFront and the API functions, both set from it at deployment: rotating it means ' +
        'redeploying both (a rotation Lambda could not update them atomically). Rotate by replacing the secret.',
    });
  }

  /** Host name of the execute-api endpoint (CloudFront's origin for /api/*). */
  get endpointHost(): string {
    const stack = Stack.of(this);
    return `${this.httpApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
  }
}

export interface ApiEndpointsProps {
  httpApi: IHttpApi;
  backend: Backend;
  contracts: readonly Contract[];
  /** The secret CloudFront sends in ORIGIN_VERIFY_HEADER. */
  originSecret: ISecret;
  /** The permission declarations (infra/permissions.ts); tests pass their own for synthetic contracts. */
  permissions?: Readonly<Record<string, Permissions>>;
  /** The report viewer's BI tools (infra/settings.ts); only functions declaring `embedding` see them. */
  embedding?: EmbeddingSettings;
  /** The chatbot's Bedrock model (infra/settings.ts); only functions declaring `chatbotModel` see it. */
  chatbotModelId?: string;
  /** Where the landing's contact form is mailed (CONTACT_EMAIL); absent, MAIL_FROM. */
  contactEmail?: string;
  /** LIST_INDEXES=off: lists read their directories until the list indexes' backfill has run (docs/deploy.md). */
  listIndexesOff?: boolean;
  /** The multi-tenant distribution of firms' domains (constructs/web.ts); only functions declaring `edge` see it. */
  edge?: EdgeTenancy;
}

/**
 * The environment functions/lib/embedding/config.ts reads, for the configured tools only: an absent tool leaves its
 * variables unset, so the viewer says it is not configured.
 */
export function embeddingEnvironment(embedding: EmbeddingSettings = {}): Record<string, string> {
  const environment: Record<string, string | undefined> = {};
  const { quickSight, powerBi } = embedding;
  if (quickSight) {
    Object.assign(environment, {
      QUICKSIGHT_ACCOUNT_ID: quickSight.accountId,
      QUICKSIGHT_REGION: quickSight.region,
      QUICKSIGHT_NAMESPACE: quickSight.namespace,
      QUICKSIGHT_DASHBOARD_PREFIX: quickSight.dashboardPrefix,
      QUICKSIGHT_SESSION_MINUTES: quickSight.sessionMinutes?.toString(),
      QUICKSIGHT_MATCH_ALL: quickSight.matchAll,
    });
  }
  if (powerBi) {
    Object.assign(environment, {
      POWERBI_MODE: powerBi.mode,
      POWERBI_FILTER_TABLE: powerBi.filterTable,
      POWERBI_IDENTITY_ROLE: powerBi.identityRole,
      POWERBI_TENANT_ID: powerBi.tenantId,
      POWERBI_CLIENT_ID: powerBi.clientId,
      POWERBI_SECRET_PARAMETER: powerBi.secretParameter,
    });
  }
  return Object.fromEntries(
    Object.entries(environment).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/** What the registry's writers check a QuickSight dashboard id against: the IAM grant's prefix. */
export function registryEnvironment(embedding: EmbeddingSettings = {}): Record<string, string> {
  const prefix = embedding.quickSight?.dashboardPrefix;
  return prefix ? { QUICKSIGHT_DASHBOARD_PREFIX: prefix } : {};
}

/**
 * One NodejsFunction, log group, execution role and route per contract. Each role holds, inline, only what its
 * contract declares in infra/permissions.ts (a contract without a declaration fails the synth) and writing to its own
 * log group: a public function cannot reach what an admin function may, and a new endpoint gets nothing by default.
 */
export class ApiEndpoints extends Construct {
  readonly functions = new Map<string, NodejsFunction>();
  readonly roles = new Map<string, Role>();

  constructor(scope: Construct, id: string, props: ApiEndpointsProps) {
    super(scope, id);
    const { backend } = props;
    const environment = {
      TABLE_NAME: backend.table.tableName,
      USER_POOL_ID: backend.userPool.userPoolId,
      USER_POOL_CLIENT_ID: backend.userPoolClient.userPoolClientId,
      ASSETS_BUCKET: backend.assetsBucket.bucketName,
      DOCUMENTS_BUCKET: backend.documentsBucket.bucketName,
      ...mailEnvironment(backend),
      PORTAL_URL: backend.portalUrl,
      ...(props.contactEmail && { CONTACT_EMAIL: props.contactEmail }),
      ...(props.listIndexesOff && { LIST_INDEXES: 'off' }),
      // Resolved by CloudFormation at deployment ({{resolve:secretsmanager:...}}), never written in the template.
      ORIGIN_VERIFY_SECRET: props.originSecret.secretValue.unsafeUnwrap(),
    };

    for (const contract of props.contracts) {
      const permissions = portalTokensOf(contract, permissionsOf(contract, props.permissions));
      const endpoint = new Construct(this, contract.id);
      const logGroup = new LogGroup(endpoint, 'Logs', { retention: LOG_RETENTION });
      const role = new Role(endpoint, 'Role', {
        assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
        description: `Execution role of ${contract.id} (infra/permissions.ts)`.slice(0, 1000),
        inlinePolicies: {
          Access: functionPolicy(
            backend,
            permissions,
            logGroup.logGroupArn,
            props.embedding,
            props.chatbotModelId,
            props.edge,
          ),
        },
      });
      if (permissions.assets?.length) acknowledgeAssetObjects(role, backend);
      if (permissions.documents?.length) acknowledgeDocumentObjects(role, backend);
      if (permissions.embedding) acknowledgeQuickSightResources(role, props.embedding ?? {});
      if (permissions.mail || permissions.mailIdentities) acknowledgeMailIdentities(role);
      if (permissions.edge && props.edge) acknowledgeEdgeTenants(role);
      this.roles.set(contract.id, role);

      const fn = new NodejsFunction(endpoint, 'Function', {
        entry: handlerEntry(contract.handler),
        handler: 'handler',
        projectRoot: REPO_ROOT,
        depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
        runtime: LAMBDA_RUNTIME,
        architecture: Architecture.ARM_64,
        memorySize: LAMBDA_MEMORY_MB,
        timeout: LAMBDA_TIMEOUT,
        role,
        logGroup,
        environment: {
          ...environment,
          ...(permissions.embedding && embeddingEnvironment(props.embedding)),
          ...(permissions.embeddingRegistry && registryEnvironment(props.embedding)),
          ...(permissions.chatbotModel && props.chatbotModelId && { BEDROCK_MODEL_ID: props.chatbotModelId }),
          ...(permissions.mailQueue && { MAIL_QUEUE_URL: backend.mailQueue.queueUrl }),
          ...(permissions.mailIdentities && {
            MAIL_CONFIGURATION_SET: backend.configurationSetName,
            MAIL_IDENTITY_TAG: backend.mailIdentityTag,
          }),
          ...(permissions.edge && props.edge && edgeEnvironment(props.edge)),
          ...(permissions.secondFactorKey && { SECOND_FACTOR_SECRET_ARN: backend.secondFactorSecret.secretArn }),
          ...(permissions.portalTokens && { PORTAL_TOKEN_KEY_ID: backend.portalTokenKey.keyArn }),
          ...(permissions.microsoft && {
            MICROSOFT_SECRET_ARN: backend.microsoftSecret.secretArn,
            ...(backend.microsoftClientId && { MICROSOFT_CLIENT_ID: backend.microsoftClientId }),
          }),
        },
        description: `${httpApiRouteKey(contract)} ${contract.id}: ${contract.summary}`.slice(0, 256),
        bundling: lambdaBundling(bundlingFor([contract])),
      });
      traced(fn);
      this.functions.set(contract.id, fn);

      const route = new HttpRoute(endpoint, 'Route', {
        httpApi: props.httpApi,
        routeKey: HttpRouteKey.with(httpApiPath(contract), HttpMethod[contract.method]),
        integration: new HttpLambdaIntegration('Integration', fn, { timeout: LAMBDA_TIMEOUT }),
      });
      Validations.of(route).acknowledge({
        id: 'AwsSolutions-APIG4',
        reason:
          contract.access === 'public'
            ? 'Public by contract (shared/contracts access: public), e.g. sign-in and health.'
            : 'Authorized in the function: the contract wrapper verifies the Cognito access token and the caller role ' +
              'before any work and answers the spec error shape (401 NOT_AUTHENTICATED, 403 ACTION_NOT_ALLOWED), ' +
              'which a gateway authorizer cannot.',
      });
      Validations.of(route).acknowledge({
        id: 'AwsSolutions-COG4',
        reason: 'Cognito access tokens are verified in the function (aws-jwt-verify), not by a gateway authorizer.',
      });
    }
  }
}
