import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALARM_THRESHOLDS } from '../../infra/constructs/monitoring';
import { CLOUDFRONT_LOG_DAYS, CLOUDFRONT_LOG_FIELDS } from '../../infra/constructs/web';
import { API_PATH_PREFIX, WAF_RATE_LIMITS } from '../../infra/constructs/web-acl';
import { contractById, type Synthesized, synthSample, unacknowledgedViolations } from './helpers';

/**
 * The edge with eyes: WAF logs what it blocks or counts, with the session and the links' tokens redacted; CloudFront
 * logs (standard logging v2) leave the URI, query string and Referer out; the per-address rule counts API calls only;
 * WAF blocks page from the stack where the web ACL lives, to a topic of that region.
 */
const SAMPLE = [contractById('getUserInfo')];
let usEast1: Synthesized;
let saEast1: Synthesized;

beforeAll(() => {
  usEast1 = synthSample(SAMPLE, { region: 'us-east-1', alarmEmail: 'guardia@portal.example.cl' });
  saEast1 = synthSample(SAMPLE, { region: 'sa-east-1', alarmEmail: 'guardia@portal.example.cl' });
});

type Resource = { Type: string; Properties: Record<string, unknown>; Condition?: string };
const resourcesOf = (template: Template, type: string) =>
  Object.values(template.toJSON().Resources as Record<string, Resource>).filter((r) => r.Type === type);

describe('WAF', () => {
  it('logs blocked and counted requests to an aws-waf-logs- group, authorization, cookie, query and path redacted', () => {
    for (const template of [
      Template.fromStack(usEast1.stacks.web),
      Template.fromStack(saEast1.stacks.firewall as never),
    ]) {
      const [config] = resourcesOf(template, 'AWS::WAFv2::LoggingConfiguration');
      expect(config?.Properties.RedactedFields).toEqual([
        { SingleHeader: { Name: 'authorization' } },
        { SingleHeader: { Name: 'cookie' } },
        { QueryString: {} },
        { UriPath: {} },
      ]);
      expect(config?.Properties.LoggingFilter).toEqual({
        DefaultBehavior: 'DROP',
        Filters: [
          {
            Behavior: 'KEEP',
            Requirement: 'MEETS_ANY',
            Conditions: [{ ActionCondition: { Action: 'BLOCK' } }, { ActionCondition: { Action: 'COUNT' } }],
          },
        ],
      });
      const [group] = resourcesOf(template, 'AWS::Logs::LogGroup').filter((g) =>
        String(g.Properties.LogGroupName).startsWith('aws-waf-logs-'),
      );
      expect(group?.Properties.RetentionInDays).toBe(90);
      // The destination is that group, by the ARN WAF takes (no trailing `:*`).
      expect(JSON.stringify(config?.Properties.LogDestinationConfigs)).toContain(
        `:log-group:${group?.Properties.LogGroupName}"`,
      );
      // Sampled requests stay off everywhere: they would keep what the log redacts.
      const [acl] = resourcesOf(template, 'AWS::WAFv2::WebACL');
      expect(JSON.stringify(acl?.Properties)).not.toContain('"SampledRequestsEnabled":true');
    }
  });

  it('counts every per-address and per-firm limit on API paths only, so SPA assets never block an office', () => {
    const [acl] = resourcesOf(Template.fromStack(usEast1.stacks.web), 'AWS::WAFv2::WebACL');
    type Rule = { Name: string; Statement: { RateBasedStatement?: { Limit: number; ScopeDownStatement?: unknown } } };
    const rateRules = ((acl?.Properties.Rules ?? []) as Rule[]).filter((r) => r.Statement.RateBasedStatement);
    expect(rateRules.map((r) => r.Name)).toEqual([
      'SignInRatePerIp',
      'RatePerIp',
      'ApiRatePerFirmAndIp',
      'ApiRatePerFirm',
    ]);
    const prefixOf = (rule: Rule) =>
      (rule.Statement.RateBasedStatement?.ScopeDownStatement as { ByteMatchStatement?: { SearchString: string } })
        ?.ByteMatchStatement?.SearchString;
    expect(rateRules.map(prefixOf)).toEqual(['/api/v1/token', API_PATH_PREFIX, API_PATH_PREFIX, API_PATH_PREFIX]);
    expect(rateRules.find((r) => r.Name === 'RatePerIp')?.Statement.RateBasedStatement?.Limit).toBe(
      WAF_RATE_LIMITS.all,
    );
  });

  it('pages on blocks from the web ACL region: the main topic in us-east-1, a topic of its own elsewhere', () => {
    const alarmsIn = (template: Template) =>
      resourcesOf(template, 'AWS::CloudWatch::Alarm').filter((a) =>
        String(a.Properties.AlarmName).endsWith('-WafBlocked'),
      );
    // us-east-1: the web stack's web ACL, alarmed by the monitoring stack, to its topic.
    const [main] = alarmsIn(Template.fromStack(usEast1.stacks.monitoring));
    expect(main?.Properties.Threshold).toBe(ALARM_THRESHOLDS.wafBlockedPer5Min);
    expect(main?.Properties.Dimensions).toEqual([
      { Name: 'Rule', Value: 'ALL' },
      { Name: 'WebACL', Value: 'PortalWeb-web-acl' },
    ]);
    // sa-east-1: the firewall stack (us-east-1) alarms to its own encrypted topic, mailed to the same address.
    const firewall = Template.fromStack(saEast1.stacks.firewall as never);
    const [own] = alarmsIn(firewall);
    expect(own?.Properties).toMatchObject({
      Namespace: 'AWS/WAFV2',
      MetricName: 'BlockedRequests',
      Dimensions: [
        { Name: 'Rule', Value: 'ALL' },
        { Name: 'WebACL', Value: 'PortalFirewall-web-acl' },
      ],
    });
    const [topicId] = Object.keys(firewall.findResources('AWS::SNS::Topic'));
    expect(own?.Properties.AlarmActions).toEqual([{ Ref: topicId }]);
    firewall.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: Match.anyValue() });
    firewall.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'guardia@portal.example.cl',
    });
    expect(alarmsIn(Template.fromStack(saEast1.stacks.monitoring))).toEqual([]);
  });
});

describe('CloudFront', () => {
  it('delivers both distributions’ access logs (v2) to the encrypted log bucket, without URI, query, Referer or cookies', () => {
    const web = Template.fromStack(usEast1.stacks.web);
    const sources = resourcesOf(web, 'AWS::Logs::DeliverySource');
    expect(sources).toHaveLength(2);
    for (const source of sources) expect(source.Properties.LogType).toBe('ACCESS_LOGS');
    const deliveries = resourcesOf(web, 'AWS::Logs::Delivery');
    expect(deliveries).toHaveLength(2);
    for (const delivery of deliveries) {
      const fields = delivery.Properties.RecordFields as string[];
      expect(fields).toEqual([...CLOUDFRONT_LOG_FIELDS]);
      for (const secretive of ['cs-uri-stem', 'cs-uri-query', 'cs(Referer)', 'cs(Cookie)'])
        expect(fields).not.toContain(secretive);
      expect(fields).toEqual(expect.arrayContaining(['x-host-header', 'c-ip', 'sc-status', 'x-edge-request-id']));
    }
    // Only where CloudFront's log delivery exists: a condition on us-east-1.
    for (const r of [...sources, ...deliveries, ...resourcesOf(web, 'AWS::Logs::DeliveryDestination')])
      expect(r.Condition).toBeDefined();
    const [destination] = resourcesOf(web, 'AWS::Logs::DeliveryDestination');
    const bucketId = JSON.stringify(destination?.Properties.DestinationResourceArn).match(
      /"Fn::GetAtt":\["(\w+)"/,
    )?.[1];
    const bucket = web.toJSON().Resources[bucketId ?? ''] as Resource;
    expect(bucket.Properties.BucketEncryption).toBeDefined();
    expect(JSON.stringify(bucket.Properties.LifecycleConfiguration)).toContain(
      `"ExpirationInDays":${CLOUDFRONT_LOG_DAYS},"Id":"CloudFrontLogs","Prefix":"cloudfront/"`,
    );
    web.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: bucketId },
      PolicyDocument: Match.objectLike({
        Statement: Match.arrayWith([
          Match.objectLike({ Sid: 'CloudFrontLogDelivery', Principal: { Service: 'delivery.logs.amazonaws.com' } }),
        ]),
      }),
    });
  });

  it('says at synth that outside us-east-1 the distributions are not logged', () => {
    const warnings = Annotations.fromStack(saEast1.stacks.web).findWarning(
      '*',
      Match.stringLikeRegexp('standard logs'),
    );
    expect(warnings).toHaveLength(1);
    expect(Annotations.fromStack(usEast1.stacks.web).findWarning('*', Match.stringLikeRegexp('standard logs'))).toEqual(
      [],
    );
  });

  it('leaves no unacknowledged cdk-nag finding in either region', () => {
    expect(unacknowledgedViolations(usEast1.outdir)).toEqual([]);
    expect(unacknowledgedViolations(saEast1.outdir)).toEqual([]);
  });
});
