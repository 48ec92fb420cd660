import { Duration, Stack, TimeZone } from 'aws-cdk-lib';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { PolicyDocument, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { FilterPattern, MetricFilter } from 'aws-cdk-lib/aws-logs';
import { ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import type { Construct, Node } from 'constructs';
import { PROVIDER_NAMES, type ProviderName } from '../../functions/lib/indicators/provider';
import type { Backend } from './api';
import { leadingKeys } from './function-access';
import { ScheduledJob } from './scheduled-job';
import { PORTAL_METRICS_NAMESPACE } from './ses-events';

/** Business days without a new dólar observado stored, as each run of the job measures it (functions/indicators/refresh.ts). */
export const INDICATORS_STALE_METRIC = 'IndicatorsStaleBusinessDays';

/** Which provider the job runs and where the CMF key lives: CDK context `indicatorsProvider`, `cmfKeyParameter`. */
export interface IndicatorsScheduleSettings {
  provider: ProviderName;
  /** Name of the SSM SecureString parameter with the CMF API key (required with provider 'cmf'). */
  cmfKeyParameter?: string;
}

export function readIndicatorsSettings(node: Node): IndicatorsScheduleSettings {
  const provider = String(node.tryGetContext('indicatorsProvider') ?? 'mindicador');
  if (!(PROVIDER_NAMES as readonly string[]).includes(provider)) {
    throw new Error(`indicatorsProvider must be one of ${PROVIDER_NAMES.join(', ')}: ${provider}`);
  }
  const cmfKeyParameter = node.tryGetContext('cmfKeyParameter') as string | undefined;
  if (provider === 'cmf' && !cmfKeyParameter?.startsWith('/')) {
    throw new Error('indicatorsProvider=cmf needs -c cmfKeyParameter=/path/of/the/ssm/parameter');
  }
  return { provider: provider as ProviderName, cmfKeyParameter: provider === 'cmf' ? cmfKeyParameter : undefined };
}

/** Chilean time of the daily run: after the Banco Central publishes the day's dólar observado and euro. */
export const INDICATORS_SCHEDULE = { hour: '19', minute: '30' } as const;

/**
 * The scheduled indicators job: EventBridge Scheduler invokes functions/indicators/refresh.ts daily. Its
 * role may only write indicator items (BatchWriteItem/PutItem under INDICATOR#), query them (the latest dólar, for its
 * staleness), read the CMF key parameter when that provider is configured, and write its own logs; Scheduler's role
 * may only invoke this function. Each run logs how many business days the stored dólar is behind; a metric filter makes
 * that the metric of the IndicatorsStale alarm.
 */
export class IndicatorsSchedule extends ScheduledJob {
  /** The staleness each run reports, its maximum per day. */
  readonly staleness: Metric;

  constructor(scope: Construct, id: string, props: { backend: Backend; settings: IndicatorsScheduleSettings }) {
    const { backend, settings } = props;
    const cmfKeyArn = settings.cmfKeyParameter
      ? Stack.of(scope).formatArn({
          service: 'ssm',
          resource: 'parameter',
          resourceName: settings.cmfKeyParameter.slice(1),
        })
      : undefined;
    super(scope, id, {
      entry: 'indicators/refresh.ts',
      roleDescription: 'Execution role of the scheduled indicators job (infra/constructs/indicators-schedule.ts)',
      description: 'Daily refresh of the currency indicators (dólar, UF, euro, UTM, IPC)',
      policy: (logs) =>
        new PolicyDocument({
          statements: [
            new PolicyStatement({
              sid: 'Logs',
              actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
              resources: [logs],
            }),
            new PolicyStatement({
              sid: 'IndicatorWrites',
              actions: ['dynamodb:BatchWriteItem', 'dynamodb:PutItem'],
              resources: [backend.table.tableArn],
              conditions: leadingKeys(['INDICATOR#']),
            }),
            new PolicyStatement({
              sid: 'IndicatorReads',
              actions: ['dynamodb:Query'],
              resources: [backend.table.tableArn],
              conditions: leadingKeys(['INDICATOR#']),
            }),
            ...(cmfKeyArn
              ? [new PolicyStatement({ sid: 'CmfKey', actions: ['ssm:GetParameter'], resources: [cmfKeyArn] })]
              : []),
          ],
        }),
      timeout: Duration.minutes(2),
      environment: {
        TABLE_NAME: backend.table.tableName,
        INDICATORS_PROVIDER: settings.provider,
        ...(settings.cmfKeyParameter && { INDICATORS_CMF_KEY_PARAMETER: settings.cmfKeyParameter }),
      },
      schedule: {
        id: 'Daily',
        description: 'Portal: refresh the currency indicators once a day',
        expression: ScheduleExpression.cron({ ...INDICATORS_SCHEDULE, timeZone: TimeZone.AMERICA_SANTIAGO }),
        // A failed run is retried a few times within the hour; the next day's run tries again anyway.
        retryAttempts: 3,
      },
    });
    new MetricFilter(this, 'Staleness', {
      logGroup: this.logGroup,
      filterPattern: FilterPattern.exists('$.indicators_stale_business_days'),
      metricNamespace: PORTAL_METRICS_NAMESPACE,
      metricName: INDICATORS_STALE_METRIC,
      metricValue: '$.indicators_stale_business_days',
    });
    this.staleness = new Metric({
      namespace: PORTAL_METRICS_NAMESPACE,
      metricName: INDICATORS_STALE_METRIC,
      statistic: 'Maximum',
      period: Duration.days(1),
    });
  }
}
