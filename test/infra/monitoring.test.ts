import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALARM_THRESHOLDS } from '../../infra/constructs/monitoring';
import { contractById, type Synthesized, synthPortal, unacknowledgedViolations } from './helpers';

/**
 * What pages the on-call engineer: each alarm of docs/operations.md exists with its threshold and mails the encrypted
 * alarms topic (alarm and recovery), the topic has the context's e-mail subscriber, and the dashboard is there.
 */
let synthesized: Synthesized;
let monitoring: Template;
type Resource = { Type: string; Properties: Record<string, unknown> };
let alarms: Record<string, Record<string, unknown>>;
const t = ALARM_THRESHOLDS;

beforeAll(() => {
  synthesized = synthPortal({
    contracts: [contractById('getUserInfo')],
    skipBundling: true,
    builtinValidation: false,
    context: { alarmEmail: 'guardia@portal.example.cl', lambdaConcurrencyLimit: '500' },
  });
  monitoring = Template.fromStack(synthesized.stacks.monitoring);
  const resources = monitoring.toJSON().Resources as Record<string, Resource>;
  alarms = Object.fromEntries(
    Object.values(resources)
      .filter((r) => r.Type === 'AWS::CloudWatch::Alarm')
      .map((r) => [String(r.Properties.AlarmName).replace(/^PortalMonitoring-/, ''), r.Properties]),
  );
});

describe('alarms', () => {
  it('exist, each with its threshold', () => {
    const thresholds = Object.fromEntries(Object.entries(alarms).map(([name, a]) => [name, a.Threshold]));
    expect(thresholds).toEqual({
      Api5xxRate: t.api5xxPercent,
      ApiLatencyP99: t.apiLatencyP99Ms,
      LambdaErrors: t.lambdaErrorsPer5Min,
      LambdaThrottles: 0,
      LambdaConcurrency: 400,
      DynamoThrottles: t.dynamoThrottlesPer5Min,
      DynamoSystemErrors: 0,
      DeadLettersMailQueue: 0,
      DeadLettersIndicators: 0,
      DeadLettersLedgerImport: 0,
      DeadLettersSweeper: 0,
      DeadLettersDocumentDigest: 0,
      DeadLettersRecurringRequests: 0,
      DeadLettersRequestReminders: 0,
      DeadLettersSesEvents: 0,
      IndicatorsFailed: 0,
      LedgerImportFailed: 0,
      SesBounceRate: t.sesBounceRate,
      SesComplaintRate: t.sesComplaintRate,
      // The web ACL is made by the web stack in this (unset) region, so its alarm is here.
      WafBlocked: t.wafBlockedPer5Min,
      HealthCheck: 0,
      // Strictly above 1: two business days and more.
      IndicatorsStale: t.indicatorsStaleBusinessDays - 1,
      MailsFailed: t.mailsFailedPer15Min,
    });
  });

  it('watch the edge, the health probe and the indicators by what those publish', () => {
    expect(alarms.WafBlocked).toMatchObject({
      Namespace: 'AWS/WAFV2',
      MetricName: 'BlockedRequests',
      Statistic: 'Sum',
      Dimensions: [
        { Name: 'Rule', Value: 'ALL' },
        { Name: 'WebACL', Value: 'PortalWeb-web-acl' },
      ],
    });
    // A probe that stopped running pages like one that fails.
    expect(alarms.HealthCheck).toMatchObject({
      Namespace: 'Portal',
      MetricName: 'HealthCheckFailed',
      Statistic: 'Sum',
      Period: 300,
      EvaluationPeriods: 3,
      DatapointsToAlarm: 2,
      TreatMissingData: 'breaching',
    });
    expect(alarms.IndicatorsStale).toMatchObject({
      Namespace: 'Portal',
      MetricName: 'IndicatorsStaleBusinessDays',
      Statistic: 'Maximum',
      Period: 86400,
    });
    // What feeds them: the jobs' log lines, through metric filters of their own log groups.
    const jobs = Template.fromStack(synthesized.stacks.jobs);
    for (const [name, value] of [
      ['HealthCheckFailed', '$.health_failed'],
      ['IndicatorsStaleBusinessDays', '$.indicators_stale_business_days'],
      ['SesEvents', '1'],
    ])
      jobs.hasResourceProperties('AWS::Logs::MetricFilter', {
        MetricTransformations: [Match.objectLike({ MetricNamespace: 'Portal', MetricName: name, MetricValue: value })],
      });
  });

  it('measure what their names say', () => {
    expect(alarms.ApiLatencyP99).toMatchObject({
      MetricName: 'Latency',
      Namespace: 'AWS/ApiGateway',
      ExtendedStatistic: 'p99',
    });
    expect(JSON.stringify(alarms.Api5xxRate?.Metrics)).toContain('"MetricName":"5xx"');
    expect(alarms.LambdaConcurrency).toMatchObject({ MetricName: 'ConcurrentExecutions', Statistic: 'Maximum' });
    expect(alarms.SesBounceRate).toMatchObject({ Namespace: 'AWS/SES', MetricName: 'Reputation.BounceRate' });
    expect(alarms.DeadLettersIndicators).toMatchObject({ MetricName: 'ApproximateNumberOfMessagesVisible' });
    expect(alarms.LedgerImportFailed).toMatchObject({ Namespace: 'AWS/Lambda', MetricName: 'Errors' });
    // The functions' EMF figure (functions/lib/metrics.ts): its namespace and the service dimension Powertools adds.
    expect(alarms.MailsFailed).toMatchObject({
      Namespace: 'Portal',
      MetricName: 'MailsFailed',
      Dimensions: [{ Name: 'service', Value: 'portal' }],
      Period: 900,
    });
    for (const [name, alarm] of Object.entries(alarms)) {
      expect(alarm.ComparisonOperator, name).toBe('GreaterThanThreshold');
      expect(String(alarm.AlarmDescription), name).toContain(`docs/operations.md#${name.toLowerCase()}`);
    }
  });

  it('mail the encrypted topic when they fire and when they recover', () => {
    const [topicId] = Object.keys(monitoring.findResources('AWS::SNS::Topic'));
    for (const [name, alarm] of Object.entries(alarms)) {
      expect(alarm.AlarmActions, name).toEqual([{ Ref: topicId }]);
      expect(alarm.OKActions, name).toEqual([{ Ref: topicId }]);
    }
    monitoring.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: Match.anyValue() });
    monitoring.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'guardia@portal.example.cl',
    });
    monitoring.hasResourceProperties('AWS::KMS::Key', {
      EnableKeyRotation: true,
      KeyPolicy: Match.objectLike({
        Statement: Match.arrayWith([Match.objectLike({ Principal: { Service: 'cloudwatch.amazonaws.com' } })]),
      }),
    });
  });

  it('and a dashboard shows them with the metrics behind them', () => {
    const [dashboard] = Object.values(monitoring.findResources('AWS::CloudWatch::Dashboard'));
    const body = JSON.stringify(dashboard?.Properties.DashboardBody);
    for (const title of [
      'Alarms',
      'API latency',
      'DynamoDB',
      'Dead letters waiting',
      'SES reputation',
      'SES events',
      'WAF blocked requests',
      'Health check failures',
    ])
      expect(body).toContain(title);
  });

  it('leave no unacknowledged cdk-nag finding', () => {
    expect(unacknowledgedViolations(synthesized.outdir)).toEqual([]);
  });
});
