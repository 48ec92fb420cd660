import { CfnRule, Fn } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

/**
 * Requests per 5 minutes. Per IP over the whole portal and on sign-in (`/api/v1/token`, refresh included); and on the
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
 * Metrics only: WAF's sampled requests keep whole requests (URI with its query string, headers with Authorization)
 * for hours, and no token may be written to any log. No WAF logging configuration either, for the same reason.
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
    const acl = new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      description: 'Portal: managed rules, per-IP and per-firm rate limits in front of CloudFront',
      visibilityConfig: visibility('PortalWebAcl'),
      rules: [
        rateLimit('SignInRatePerIp', 0, WAF_RATE_LIMITS.signIn, '/api/v1/token'),
        rateLimit('RatePerIp', 1, WAF_RATE_LIMITS.all),
        firmRateLimit('ApiRatePerFirmAndIp', 2, WAF_RATE_LIMITS.apiPerFirmAndIp, true),
        firmRateLimit('ApiRatePerFirm', 3, WAF_RATE_LIMITS.apiPerFirm, false),
        managed('AWSManagedRulesCommonRuleSet', 4, ['SizeRestrictions_BODY']),
        managed('AWSManagedRulesKnownBadInputsRuleSet', 5),
      ],
    });
    this.arn = acl.attrArn;
  }
}
