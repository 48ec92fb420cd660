import { ArnFormat, CfnRule, Duration, Fn, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { CfnLoggingConfiguration, CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { LOG_RETENTION } from './api';

/**
 * Requests per 5 minutes. Per IP over the API and on sign-in (`/api/v1/token`, refresh included); and on the
 * API only (the SPA's assets never count against a firm), "the API's limits protect firms from each other":
 * - apiPerFirmAndIp: per portal host (the firm whose address the viewer used) and source address: ~5 requests a second
 *   sustained from one address into one firm, far above one person's clicking (a page is 3 to 10 calls), enough for an
 *   office behind one NAT, and what a flood from a handful of addresses gets before the API sees it;
 * - apiPerFirm: per portal host, whatever the addresses: ~50 a second, a firm's whole staff and clients at their
 *   busiest, so a flood spread over many addresses onto one firm's host is stopped at that firm's door and the stage's
 *   per-route limit (api.ts STAGE_THROTTLE, shared by every firm) stays out of reach of any one firm's traffic.
 */
export const WAF_RATE_LIMITS = { all: 2000, signIn: 100, apiPerFirmAndIp: 1500, apiPerFirm: 15000 } as const;

/** The API's prefix: the firm rules count only these requests, never the SPA's assets. */
export const API_PATH_PREFIX = '/api/';

/**
 * No sampled requests: WAF keeps them whole (URI with its query string, headers with Authorization) for hours, and no
 * token may be written to any log. The logging configuration (below) redacts those fields instead.
 */
const visibility = (metricName: string) => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: false,
});

const managed = (name: string, priority: number, overrides: string[] = []): CfnWebACL.RuleProperty => ({
  name,
  priority,
  overrideAction: { none: {} },
  statement: {
    managedRuleGroupStatement: {
      vendorName: 'AWS',
      name,
      ruleActionOverrides: overrides.map((rule) => ({ name: rule, actionToUse: { count: {} } })),
    },
  },
  visibilityConfig: visibility(name),
});

const pathStartsWith = (prefix: string): CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint: 'STARTS_WITH',
    searchString: prefix,
    textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
  },
});

const rateLimit = (name: string, priority: number, limit: number, pathPrefix?: string): CfnWebACL.RuleProperty => ({
  name,
  priority,
  action: { block: {} },
  statement: {
    rateBasedStatement: {
      limit,
      aggregateKeyType: 'IP',
      ...(pathPrefix && { scopeDownStatement: pathStartsWith(pathPrefix) }),
    },
  },
  visibilityConfig: visibility(name),
});

/** The firm a request is for: the Host the viewer used (each firm's portal has its own, CloudFront's included). */
const FIRM_KEY: CfnWebACL.RateBasedStatementCustomKeyProperty = {
  header: { name: 'host', textTransformations: [{ priority: 0, type: 'LOWERCASE' }] },
};

/** A rate limit on API requests per firm, and per source address too when `perAddress`. */
const firmRateLimit = (name: string, priority: number, limit: number, perAddress: boolean): CfnWebACL.RuleProperty => ({
  name,
  priority,
  action: { block: {} },
  statement: {
    rateBasedStatement: {
      limit,
      aggregateKeyType: 'CUSTOM_KEYS',
      // WAF takes an IP key only beside another key: here the firm's host.
      customKeys: perAddress ? [FIRM_KEY, { ip: {} }] : [FIRM_KEY],
      scopeDownStatement: pathStartsWith(API_PATH_PREFIX),
    },
  },
  visibilityConfig: visibility(name),
});

/**
 * The distribution's WAF web ACL: AWS's common and known-bad-inputs rule groups, per-IP rate limits, and the API's
 * limits per firm and per firm and address (the API also throttles sign-in per e-mail, spends per-user and per-firm
 * quotas on costly calls, functions/lib/data/quotas.ts, and the stage throttles each route). The common set's 8 KB body limit is only counted:
 * logos, avatars and the users CSV are uploaded through the API as multipart bodies larger than that.
 *
 * CloudFront takes only web ACLs made in us-east-1, so this one is made only when no `-c webAclArn=` is given, and
 * then the web stack refuses to deploy outside us-east-1 (a CloudFormation rule): the portal is never deployed
 * without a web ACL by accident. In another region, create a CLOUDFRONT web ACL in us-east-1 and pass its ARN.
 */
export class PortalWebAcl extends Construct {
  readonly arn: string;
  /** The web ACL's name, which is also its metric name (the WebACL dimension of AWS/WAFV2). */
  readonly name: string;
  /** Where WAF writes what it blocked or counted, redacted (`aws-waf-logs-…`, the prefix WAF requires). */
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    new CfnRule(this, 'RequiresUsEast1', {
      assertions: [
        {
          assert: Fn.conditionEquals(Fn.ref('AWS::Region'), 'us-east-1'),
          assertDescription:
            'CloudFront web ACLs live in us-east-1: deploy the web stack there, or create a CLOUDFRONT web ACL in ' +
            'us-east-1 and pass -c webAclArn=<its ARN> (docs/deploy.md).',
        },
      ],
    });
    this.name = `${Stack.of(this).stackName}-web-acl`;
    const acl = new CfnWebACL(this, 'WebAcl', {
      name: this.name,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      description: 'Portal: managed rules, per-IP and per-firm rate limits in front of CloudFront',
      visibilityConfig: visibility(this.name),
      rules: [
        rateLimit('SignInRatePerIp', 0, WAF_RATE_LIMITS.signIn, '/api/v1/token'),
        // API calls only: a firm's office behind one NAT loads the SPA's assets many times over, and they cost nothing.
        rateLimit('RatePerIp', 1, WAF_RATE_LIMITS.all, API_PATH_PREFIX),
        firmRateLimit('ApiRatePerFirmAndIp', 2, WAF_RATE_LIMITS.apiPerFirmAndIp, true),
        firmRateLimit('ApiRatePerFirm', 3, WAF_RATE_LIMITS.apiPerFirm, false),
        managed('AWSManagedRulesCommonRuleSet', 4, ['SizeRestrictions_BODY']),
        managed('AWSManagedRulesKnownBadInputsRuleSet', 5),
      ],
    });
    this.arn = acl.attrArn;

    const logGroupName = `${WAF_LOG_GROUP_PREFIX}${Stack.of(this).stackName}`;
    this.logGroup = new LogGroup(this, 'Logs', {
      logGroupName,
      retention: LOG_RETENTION,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    new CfnLoggingConfiguration(this, 'Logging', {
      resourceArn: acl.attrArn,
      // WAF takes the log group's ARN without the `:*` CloudFormation's attribute ends with.
      logDestinationConfigs: [
        Stack.of(this).formatArn({
          service: 'logs',
          resource: 'log-group',
          resourceName: logGroupName,
          arnFormat: ArnFormat.COLON_RESOURCE_NAME,
        }),
      ],
      redactedFields: WAF_REDACTED_FIELDS,
      // What was blocked or only counted, never the allowed traffic: the question a log answers is "why was this
      // firm refused", and every allowed request would cost its line.
      loggingFilter: {
        DefaultBehavior: 'DROP',
        Filters: [
          {
            Behavior: 'KEEP',
            Requirement: 'MEETS_ANY',
            Conditions: [{ ActionCondition: { Action: 'BLOCK' } }, { ActionCondition: { Action: 'COUNT' } }],
          },
        ],
      },
    }).node.addDependency(this.logGroup);
  }

  /** Requests the web ACL blocked, all rules together (CloudFront's web ACLs report in us-east-1). */
  blockedRequests(period = Duration.minutes(5)): Metric {
    return new Metric({
      namespace: 'AWS/WAFV2',
      metricName: 'BlockedRequests',
      dimensionsMap: { WebACL: this.name, Rule: 'ALL' },
      statistic: 'Sum',
      period,
      region: 'us-east-1',
    });
  }
}

/** WAF's required prefix of a log group it writes to. */
export const WAF_LOG_GROUP_PREFIX = 'aws-waf-logs-';

/**
 * What WAF's log lines never carry: the session (Authorization, cookies) and the tokens of links, which are in query
 * strings (`?token=`) and in the SPA's paths (`/register/<token>`, `/share/<token>`, `/password_reset/<token>`). What
 * stays explains a refusal: the rule, the action, the address, the country, the Host (the firm), the method.
 */
export const WAF_REDACTED_FIELDS: CfnLoggingConfiguration.FieldToMatchProperty[] = [
  { singleHeader: { Name: 'authorization' } },
  { singleHeader: { Name: 'cookie' } },
  { queryString: {} },
  { uriPath: {} },
];
