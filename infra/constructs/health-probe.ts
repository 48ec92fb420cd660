import { Duration } from 'aws-cdk-lib';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { PolicyDocument, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { FilterPattern, MetricFilter } from 'aws-cdk-lib/aws-logs';
import { ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import type { Construct } from 'constructs';
import { ScheduledJob } from './scheduled-job';
import { PORTAL_METRICS_NAMESPACE } from './ses-events';

/** How often the portal is probed: the HealthCheck alarm pages after two failed looks in three. */
export const HEALTH_PROBE_RATE = Duration.minutes(5);
/** Failed looks per period, from the probe's `health_failed` log field. */
export const HEALTH_CHECK_METRIC = 'HealthCheckFailed';

/**
 * The health check: a small function Scheduler runs every 5 minutes (functions/health/probe.ts) that asks the
 * deployed portal's `/api/v1/health/` through CloudFront, as a viewer does, and logs the outcome; a metric filter counts
 * the failures. Chosen over a CloudWatch Synthetics canary: a canary at this cadence costs ~$10 a month (8,640 runs at
 * $0.0012) and brings its own S3 bucket, role and runtime updates, for one GET whose answer is JSON; this costs cents.
 * Its role holds only its logs: it calls nothing in AWS.
 */
export class HealthProbe extends ScheduledJob {
  /** Failed looks per 5 minutes; no data means the probe did not run (the alarm treats that as failing). */
  readonly failures: Metric;

  constructor(scope: Construct, id: string, props: { url: string }) {
    super(scope, id, {
      entry: 'health/probe.ts',
      roleDescription: 'Execution role of the health probe (infra/constructs/health-probe.ts)',
      description: "Health check: GETs the portal's /api/v1/health/ through CloudFront every 5 minutes",
      policy: (logs) =>
        new PolicyDocument({
          statements: [
            new PolicyStatement({
              sid: 'Logs',
              actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
              resources: [logs],
            }),
          ],
        }),
      timeout: Duration.seconds(30),
      environment: { HEALTH_URL: props.url },
      schedule: {
        id: 'Every5Minutes',
        description: 'Portal: probe the health endpoint every 5 minutes',
        expression: ScheduleExpression.rate(HEALTH_PROBE_RATE),
        // The next look is 5 minutes away: a missed one is no reason to retry.
        retryAttempts: 0,
      },
    });
    new MetricFilter(this, 'Failures', {
      logGroup: this.logGroup,
      filterPattern: FilterPattern.exists('$.health_failed'),
      metricNamespace: PORTAL_METRICS_NAMESPACE,
      metricName: HEALTH_CHECK_METRIC,
      metricValue: '$.health_failed',
    });
    this.failures = new Metric({
      namespace: PORTAL_METRICS_NAMESPACE,
      metricName: HEALTH_CHECK_METRIC,
      statistic: 'Sum',
      period: HEALTH_PROBE_RATE,
    });
  }
}
