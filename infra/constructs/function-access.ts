import { Aws, Stack, Validations } from 'aws-cdk-lib';
import { ManagedPolicy, PolicyDocument, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { CfnFunction, IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IConstruct } from 'constructs';
import { MAIL_IDENTITY_TAG_KEY } from '../../functions/lib/mail-identity-tag';
import { wildcardResourceFinding } from '../nag';
import type { KeyPrefix, Permissions, WriteAction } from '../permissions';
import type { EmbeddingSettings } from '../settings';
import type { Backend } from './api';
import type { EdgeTenancy } from './web';

/** What a function that provisions firms' domains may call (functions/lib/edge/cloudfront.ts), and nothing else. */
export const EDGE_TENANT_ACTIONS = [
  'cloudfront:CreateDistributionTenant',
  'cloudfront:GetDistributionTenant',
  'cloudfront:UpdateDistributionTenant',
  'cloudfront:DeleteDistributionTenant',
  'cloudfront:GetManagedCertificateDetails',
] as const;

/** Tenants get their ids from CloudFront when made: the grant names the account's tenants, the distribution and group. */
export function edgeTenantResources(edge: EdgeTenancy): string[] {
  return [edge.distributionArn, edge.connectionGroupArn, edgeTenantsArn()];
}

export const edgeTenantsArn = () => `arn:${Aws.PARTITION}:cloudfront::${Aws.ACCOUNT_ID}:distribution-tenant/*`;

/** Reads of a 'query' table declaration: items, batches, and queries of the table and its indexes. No Scan. */
export const TABLE_READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'];
export const TABLE_WRITE_ACTIONS: readonly WriteAction[] = [
  'PutItem',
  'UpdateItem',
  'DeleteItem',
  'ConditionCheckItem',
];

/** IAM's condition on the partition key of every item a request touches (all must match one of the prefixes). */
export function leadingKeys(prefixes: readonly KeyPrefix[]) {
  return { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': prefixes.map((prefix) => `${prefix}*`) } };
}

/**
 * The policy of one function: exactly its declaration (infra/permissions.ts) on the portal's named resources, plus
 * writing to its own log group. Statements are grouped by action set, so prefixes with the same actions share one.
 */
export function functionPolicy(
  backend: Backend,
  permissions: Permissions,
  logGroupArn: string,
  embedding: EmbeddingSettings = {},
  chatbotModelId?: string,
  edge?: EdgeTenancy,
): PolicyDocument {
  const statements: PolicyStatement[] = [
    new PolicyStatement({
      sid: 'Logs',
      actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
      resources: [logGroupArn],
    }),
  ];
  const table = backend.table.tableArn;
  const { read, write } = permissions.table;
  if (read === 'query') {
    statements.push(
      new PolicyStatement({ sid: 'TableRead', actions: TABLE_READ_ACTIONS, resources: [table] }),
      new PolicyStatement({ sid: 'IndexRead', actions: ['dynamodb:Query'], resources: backend.tableIndexArns }),
    );
  } else {
    statements.push(
      new PolicyStatement({
        sid: 'TableGet',
        actions: ['dynamodb:GetItem'],
        resources: [table],
        conditions: leadingKeys(read.get),
      }),
    );
  }
  if (write === 'any') {
    statements.push(
      new PolicyStatement({
        sid: 'TableWrite',
        actions: TABLE_WRITE_ACTIONS.map((action) => `dynamodb:${action}`),
        resources: [table],
      }),
    );
  } else if (write) {
    const byActions = new Map<string, KeyPrefix[]>();
    for (const [prefix, actions] of Object.entries(write)) {
      const key = [...actions].sort().join(',');
      byActions.set(key, [...(byActions.get(key) ?? []), prefix]);
    }
    let n = 0;
    for (const [actions, prefixes] of byActions) {
      n += 1;
      statements.push(
        new PolicyStatement({
          sid: `TableWriteKeys${n}`,
          actions: actions.split(',').map((action) => `dynamodb:${action}`),
          resources: [table],
          conditions: leadingKeys(prefixes.sort()),
        }),
      );
    }
  }
  if (permissions.assets?.length) {
    statements.push(
      new PolicyStatement({
        sid: 'Assets',
        actions: permissions.assets.map((action) => `s3:${action}`),
        resources: [backend.assetsObjectsArn],
      }),
    );
  }
  if (permissions.documents?.length) {
    statements.push(
      new PolicyStatement({
        sid: 'Documents',
        actions: permissions.documents.map((action) => `s3:${action}`),
        resources: [backend.documentsObjectsArn],
      }),
    );
  }
  if (permissions.cognito?.length) {
    statements.push(
      new PolicyStatement({
        sid: 'Users',
        actions: permissions.cognito.map((action) => `cognito-idp:${action}`),
        resources: [backend.userPool.userPoolArn],
      }),
    );
  }
  if (permissions.mail) {
    statements.push(new PolicyStatement({ sid: 'Mail', actions: ['ses:SendEmail'], resources: backend.mailResources }));
  }
  if (permissions.mailIdentities) statements.push(...mailIdentityStatements(backend));
  if (permissions.mailQueue) {
    statements.push(
      new PolicyStatement({ sid: 'MailQueue', actions: ['sqs:SendMessage'], resources: [backend.mailQueue.queueArn] }),
    );
  }
  if (permissions.embedding) statements.push(...embeddingStatements(embedding));
  if (permissions.secondFactorKey) {
    statements.push(
      new PolicyStatement({
        sid: 'SecondFactorKey',
        actions: ['secretsmanager:GetSecretValue'],
        resources: [backend.secondFactorSecret.secretArn],
      }),
    );
  }
  if (permissions.microsoft) {
    statements.push(
      new PolicyStatement({
        sid: 'MicrosoftClientSecret',
        actions: ['secretsmanager:GetSecretValue'],
        resources: [backend.microsoftSecret.secretArn],
      }),
    );
  }
  if (permissions.portalTokens?.length) {
    statements.push(
      new PolicyStatement({
        sid: 'PortalTokenKey',
        actions: permissions.portalTokens.map((action) => `kms:${action}`),
        resources: [backend.portalTokenKey.keyArn],
      }),
    );
  }
  if (permissions.edge && edge) {
    statements.push(
      new PolicyStatement({
        sid: 'EdgeTenants',
        actions: [...EDGE_TENANT_ACTIONS],
        resources: edgeTenantResources(edge),
      }),
    );
  }
  if (permissions.chatbotModel && chatbotModelId) {
    statements.push(
      new PolicyStatement({
        sid: 'ChatbotModel',
        actions: ['bedrock:InvokeModel'],
        resources: [
          Stack.of(backend.table).formatArn({
            service: 'bedrock',
            account: '',
            resource: 'foundation-model',
            resourceName: chatbotModelId,
          }),
        ],
      }),
    );
  }
  return new PolicyDocument({ statements });
}

/**
 * The QuickSight resources an embedding function reaches (design/reports.md): anonymous embedding
 * on the configured namespace and the dashboards it may open. Dashboards are registered at run time (the registry),
 * so the grant names what deploy time knows: the account, the namespace and, when configured, the dashboard id prefix
 * the registry also enforces.
 */
export function quickSightResources(quickSight: NonNullable<EmbeddingSettings['quickSight']>): string[] {
  const arn = (resource: string) =>
    `arn:${Aws.PARTITION}:quicksight:${quickSight.region}:${quickSight.accountId}:${resource}`;
  return [arn(`namespace/${quickSight.namespace}`), arn(`dashboard/${quickSight.dashboardPrefix ?? ''}*`)];
}

/** The Power BI secret parameter, in the deployment's account and region (where the function's SSM client calls). */
export function powerBiSecretArn(parameter: string): string {
  return `arn:${Aws.PARTITION}:ssm:${Aws.REGION}:${Aws.ACCOUNT_ID}:parameter/${parameter.replace(/^\//, '')}`;
}

/** What the configured BI tools need, and nothing for a tool that is not configured. */
export function embeddingStatements(embedding: EmbeddingSettings): PolicyStatement[] {
  const statements: PolicyStatement[] = [];
  const { quickSight, powerBi } = embedding;
  if (quickSight) {
    statements.push(
      new PolicyStatement({
        sid: 'QuickSightEmbed',
        actions: ['quicksight:GenerateEmbedUrlForAnonymousUser'],
        resources: quickSightResources(quickSight),
      }),
    );
  }
  if (powerBi?.secretParameter) {
    statements.push(
      new PolicyStatement({
        sid: 'PowerBiSecret',
        actions: ['ssm:GetParameter'],
        resources: [powerBiSecretArn(powerBi.secretParameter)],
      }),
    );
  }
  return statements;
}

/** cdk-nag flags `dashboard/<prefix>*`; it is bounded by the configured account, namespace and prefix. */
export function acknowledgeQuickSightResources(scope: IConstruct, embedding: EmbeddingSettings): void {
  if (!embedding.quickSight) return;
  for (const resource of quickSightResources(embedding.quickSight).filter((arn) => arn.includes('*'))) {
    Validations.of(scope).acknowledge({
      id: wildcardResourceFinding(scope, resource),
      reason:
        'Dashboards are registered by the SUPER_ADMIN at run time (the registry of embeddable dashboards, bound to ' +
        'projects): the function may only generate anonymous embed URLs in the configured account, region, ' +
        'namespace and dashboard id prefix, for the registered dashboard of a report the caller may see (scope and ' +
        'binding checked in code, functions/lib/embedding).',
    });
  }
}

/** Every SES identity of the account in the stack's region: the portal's domain and the firms' (named at run time). */
export const SES_IDENTITIES = `arn:${Aws.PARTITION}:ses:${Aws.REGION}:${Aws.ACCOUNT_ID}:identity/*`;

/** cdk-nag flags `identity/*` of a function that sends mail or manages the firms' mail domains. */
export function acknowledgeMailIdentities(scope: IConstruct): void {
  Validations.of(scope).acknowledge({
    id: wildcardResourceFinding(scope, SES_IDENTITIES),
    reason:
      "A firm's own mail domain becomes an SES identity when the SUPER_ADMIN sets it (functions/lib/mail-identity.ts), " +
      'so its name is not known at deployment: sending is allowed from the identities of this account and region only ' +
      "(SES refuses any that is not verified), creating only with the deployment's tag, deleting only what carries it.",
  });
}

/** What functions/lib/edge/domains.ts reads to reach CloudFront. */
export function edgeEnvironment(edge: EdgeTenancy): Record<string, string> {
  return {
    EDGE_DISTRIBUTION_ID: edge.distributionId,
    EDGE_CONNECTION_GROUP_ID: edge.connectionGroupId,
    EDGE_ROUTING_ENDPOINT: edge.routingEndpoint,
  };
}

/** cdk-nag flags `distribution-tenant/*`: tenants are made at run time, one per firm, and get their ids then. */
export function acknowledgeEdgeTenants(scope: IConstruct): void {
  Validations.of(scope).acknowledge({
    id: wildcardResourceFinding(scope, edgeTenantsArn()),
    reason:
      'Distribution tenants are created at run time, one per firm with a domain of its own, and CloudFront gives ' +
      'them their ids then: the function may only make, read, change and delete tenants (and read their managed ' +
      "certificate), on the portal's multi-tenant distribution and connection group; a tenant is named after its " +
      'project (functions/lib/edge/domains.ts).',
  });
}

/** cdk-nag flags `bucket/*`; the reason is the same for every function that touches the assets bucket. */
export function acknowledgeAssetObjects(scope: IConstruct, backend: Backend): void {
  Validations.of(scope).acknowledge({
    id: wildcardResourceFinding(scope, backend.assetsObjectsArn),
    reason:
      'Asset keys are made per entity and per upload at run time (projects/<uuid>/logo-<uuid>.png...): the function ' +
      'reaches objects of the assets bucket only, with only the actions its contract declares (infra/permissions.ts); ' +
      'the tenant scope of each key is enforced in code.',
  });
}

/** The same finding for the documents bucket. */
export function acknowledgeDocumentObjects(scope: IConstruct, backend: Backend): void {
  Validations.of(scope).acknowledge({
    id: wildcardResourceFinding(scope, backend.documentsObjectsArn),
    reason:
      'Document keys are made per society and per document at run time (documents/<society>/<uuid>, uploads/...): ' +
      'the function reaches objects of the documents bucket only, with only the actions its contract declares ' +
      '(infra/permissions.ts); the tenant scope of each key is enforced in code.',
  });
}

/**
 * The firms' mail domains: created only with this deployment's tag, deleted only when they carry it (the portal's own
 * sender identity, made by CloudFormation, carries none), read by name. Their names are chosen at run time, hence
 * `identity/*`: the tag is what scopes it.
 */
function mailIdentityStatements(backend: Backend): PolicyStatement[] {
  const identities = SES_IDENTITIES;
  const tagged = (key: string) => ({ StringEquals: { [`${key}/${MAIL_IDENTITY_TAG_KEY}`]: backend.mailIdentityTag } });
  return [
    new PolicyStatement({
      sid: 'MailIdentityCreate',
      actions: ['ses:CreateEmailIdentity', 'ses:TagResource'],
      resources: [identities],
      conditions: tagged('aws:RequestTag'),
    }),
    new PolicyStatement({
      sid: 'MailIdentityDelete',
      actions: ['ses:DeleteEmailIdentity'],
      resources: [identities],
      conditions: tagged('aws:ResourceTag'),
    }),
    new PolicyStatement({ sid: 'MailIdentityRead', actions: ['ses:GetEmailIdentity'], resources: [identities] }),
  ];
}

/**
 * X-Ray active tracing of a function: each invocation's segment, its cold start and its time in the runtime, recorded
 * by the runtime itself, so no tracing SDK goes into the bundle. The two X-Ray actions take no resource: they are one
 * managed policy per stack, whose `*` is acknowledged alone (on a function's own policy it would hide any other), and
 * which costs the stack one resource rather than one per function.
 */
export function traced(fn: IFunction): void {
  (fn.node.defaultChild as CfnFunction).tracingConfig = { mode: 'Active' };
  const stack = Stack.of(fn);
  fn.role?.addManagedPolicy((stack.node.tryFindChild(TRACING_POLICY) as ManagedPolicy) ?? tracingPolicy(stack));
}

function tracingPolicy(stack: Stack): ManagedPolicy {
  const policy = new ManagedPolicy(stack, TRACING_POLICY, {
    description: 'Lets the functions of this stack write their X-Ray traces',
    statements: [
      new PolicyStatement({ actions: ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'], resources: ['*'] }),
    ],
  });
  Validations.of(policy).acknowledge({
    id: 'AwsSolutions-IAM5[Resource::*]',
    reason: 'X-Ray PutTraceSegments and PutTelemetryRecords support no resource-level permissions (IAM: resource "*").',
  });
  return policy;
}

const TRACING_POLICY = 'TracingPolicy';
