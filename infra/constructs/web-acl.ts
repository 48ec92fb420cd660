import { CfnRule, Fn } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

/** Requests per IP per 5 minutes, over the whole portal and on sign-in (`/api/v1/token`, refresh included). */
export const WAF_RATE_LIMITS = { all: 2000, signIn: 100 } as const;

/**
 * Metrics only: WAF's sampled requests keep whole requests (URI with its query string, headers with Authorization)
 * for hours, and no token may be written to any log (issue 8). No WAF logging configuration either, for the same reason.
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

const rateLimit = (name: string, priority: number, limit: number, pathPrefix?: string): CfnWebACL.RuleProperty => ({
  name,
  priority,
  action: { block: {} },
  statement: {
    rateBasedStatement: {
      limit,
      aggregateKeyType: 'IP',
      ...(pathPrefix && {
        scopeDownStatement: {
          byteMatchStatement: {
            fieldToMatch: { uriPath: {} },
            positionalConstraint: 'STARTS_WITH',
            searchString: pathPrefix,
            textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
          },
        },
      }),
    },
  },
  visibilityConfig: visibility(name),
});

/**
 * The distribution's WAF web ACL: AWS's common and known-bad-inputs rule groups, and per-IP rate limits (the API also
 * throttles sign-in per e-mail and the stage throttles each route). The common set's 8 KB body limit is only counted:
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
      description: 'Portal: managed rules and per-IP rate limits in front of CloudFront',
      visibilityConfig: visibility('PortalWebAcl'),
      rules: [
        rateLimit('SignInRatePerIp', 0, WAF_RATE_LIMITS.signIn, '/api/v1/token'),
        rateLimit('RatePerIp', 1, WAF_RATE_LIMITS.all),
        managed('AWSManagedRulesCommonRuleSet', 2, ['SizeRestrictions_BODY']),
        managed('AWSManagedRulesKnownBadInputsRuleSet', 3),
      ],
    });
    this.arn = acl.attrArn;
  }
}
