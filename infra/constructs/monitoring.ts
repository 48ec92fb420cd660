import { Duration, Stack } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  AlarmStatusWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  type IMetric,
  MathExpression,
  Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { type ITableV2, Operation } from 'aws-cdk-lib/aws-dynamodb';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { type ITopic, Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

/**
 * The thresholds the alarms use, one place for them and for docs/operations.md. SES suspends sending at a 10 % bounce
 * or 0.5 % complaint rate and reviews an account at 5 % / 0.1 %: the alarms fire before the review.
 */
export const ALARM_THRESHOLDS = {
  api5xxPercent: 1,
  apiLatencyP99Ms: 3000,
  lambdaErrorsPer5Min: 10,
  lambdaConcurrencyShare: 0.8,
  dynamoThrottlesPer5Min: 10,
  sesBounceRate: 0.04,
  sesComplaintRate: 0.0008,
  /** WAF blocks per 5 minutes in two of three periods: scanners' steady trickle stays under it, a flood or a firm's NAT does not. */
  wafBlockedPer5Min: 200,
  /** Business days without a new dólar observado that page (the alarm fires at this many, and above). */
  indicatorsStaleBusinessDays: 2,
  /** Mails SES refused or never answered, per 15 minutes (the queue retries invitations; a burst is SES or the sender). */
  mailsFailedPer15Min: 5,
} as const;

/** Lambda's default concurrency quota per account and region; raise `lambdaConcurrencyLimit` to the account's own. */
export const DEFAULT_LAMBDA_CONCURRENCY_LIMIT = 1000;

const FIVE_MINUTES = Duration.minutes(5);

/** The operations the portal calls (an alarm's math takes at most 10 metrics: not every operation DynamoDB has). */
const TABLE_OPERATIONS = [
  Operation.GET_ITEM,
  Operation.BATCH_GET_ITEM,
  Operation.QUERY,
  Operation.PUT_ITEM,
  Operation.UPDATE_ITEM,
  Operation.DELETE_ITEM,
  Operation.BATCH_WRITE_ITEM,
  Operation.TRANSACT_WRITE_ITEMS,
  Operation.TRANSACT_GET_ITEMS,
];

export interface MonitoringProps {
  httpApi: IHttpApi;
  table: ITableV2;
  /** Each dead-letter queue of the deployment, by the name its alarm and runbook entry use. */
  deadLetters: Record<string, IQueue>;
  /** The jobs whose every failure pages (the DLQ keeps the event as well). */
  jobs: Record<string, IFunction>;
  /** Where alarms are mailed; without it the topic has no subscriber (subscribe a pager or chat to it by hand). */
  alarmEmail?: string;
  lambdaConcurrencyLimit: number;
  /** The web ACL, when it is made in this region (in another region its own stack alarms, firewall-stack.ts). */
  webAcl?: { blockedRequests(): IMetric };
  /** Failed looks of the health probe per 5 minutes (constructs/health-probe.ts). */
  healthCheckFailures?: IMetric;
  /** Business days the stored dólar is behind, per day (constructs/indicators-schedule.ts). */
  indicatorsStaleness?: IMetric;
  /** SES events counted by kind (constructs/ses-events.ts), for the dashboard. */
  sesEvents?: (kind: string) => IMetric;
}

/**
 * What pages the on-call engineer, and the dashboard they open: alarms on the API's 5xx rate and p99 latency, Lambda
 * errors, throttles and concurrency, DynamoDB throttles and system errors, every dead-letter queue's depth, each job's
 * failures, SES's reputation, WAF blocks (when the web ACL is in this region), the health probe and the indicators'
 * staleness, all to one encrypted SNS topic. Each alarm's name is its runbook entry in docs/operations.md.
 */
export class Monitoring extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    this.topic = alarmTopic(this, props.alarmEmail);
    const t = ALARM_THRESHOLDS;

    const requests = props.httpApi.metricCount({ period: FIVE_MINUTES, statistic: 'Sum' });
    const serverErrors = props.httpApi.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum' });
    const errorRate = new MathExpression({
      expression: 'IF(requests > 0, 100 * errors / requests, 0)',
      usingMetrics: { requests, errors: serverErrors },
      label: 'API 5xx (%)',
      period: FIVE_MINUTES,
    });
    this.alarm('Api5xxRate', errorRate, t.api5xxPercent, 'More than 1 % of API requests answered 5xx', 3, 2);
    const latency = props.httpApi.metricLatency({ period: FIVE_MINUTES, statistic: 'p99' });
    this.alarm('ApiLatencyP99', latency, t.apiLatencyP99Ms, 'API p99 latency above 3 s', 3, 3);

    const lambda = (metricName: string, statistic: string) =>
      new Metric({ namespace: 'AWS/Lambda', metricName, statistic, period: FIVE_MINUTES });
    const lambdaErrors = lambda('Errors', 'Sum');
    this.alarm('LambdaErrors', lambdaErrors, t.lambdaErrorsPer5Min, 'Functions failing (all of the account)', 1, 1);
    const throttles = lambda('Throttles', 'Sum');
    this.alarm('LambdaThrottles', throttles, 0, 'Lambda refused invocations for lack of concurrency', 3, 2);
    const concurrency = lambda('ConcurrentExecutions', 'Maximum');
    const concurrencyLimit = Math.floor(props.lambdaConcurrencyLimit * t.lambdaConcurrencyShare);
    this.alarm('LambdaConcurrency', concurrency, concurrencyLimit, 'Concurrency near the account limit', 3, 2);

    const dynamoThrottles = props.table.metricThrottledRequestsForOperations({
      operations: TABLE_OPERATIONS,
      period: FIVE_MINUTES,
    });
    this.alarm('DynamoThrottles', dynamoThrottles, t.dynamoThrottlesPer5Min, 'DynamoDB throttled requests', 3, 2);
    const systemErrors = props.table.metricSystemErrorsForOperations({
      operations: TABLE_OPERATIONS,
      period: FIVE_MINUTES,
    });
    this.alarm('DynamoSystemErrors', systemErrors, 0, 'DynamoDB answered with its own errors', 1, 1);

    const depths = Object.entries(props.deadLetters).map(([name, queue]) => {
      const depth = queue.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: 'Maximum' });
      this.alarm(`DeadLetters${name}`, depth, 0, `Events the retries gave up on are waiting in ${name}`, 1, 1);
      return depth.with({ label: name });
    });
    const jobErrors = Object.entries(props.jobs).map(([name, fn]) => {
      const errors = fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' });
      this.alarm(`${name}Failed`, errors, 0, `The ${name} job failed`, 1, 1);
      return errors.with({ label: name });
    });

    const ses = (metricName: string) =>
      new Metric({ namespace: 'AWS/SES', metricName, statistic: 'Maximum', period: Duration.hours(1) });
    const bounce = ses('Reputation.BounceRate');
    this.alarm('SesBounceRate', bounce, t.sesBounceRate, 'SES bounce rate near the review threshold (5 %)', 1, 1);
    const complaint = ses('Reputation.ComplaintRate');
    this.alarm('SesComplaintRate', complaint, t.sesComplaintRate, 'SES complaint rate near review (0.1 %)', 1, 1);

    // The functions' own figures (functions/lib/metrics.ts), under the service dimension Powertools gives them.
    const portal = (metricName: string, period = FIVE_MINUTES) =>
      new Metric({ namespace: 'Portal', metricName, dimensionsMap: { service: 'portal' }, statistic: 'Sum', period });
    const mailsFailed = portal('MailsFailed', Duration.minutes(15));
    this.alarm('MailsFailed', mailsFailed, t.mailsFailedPer15Min, 'Mails SES did not take', 1, 1);
    const perContract = (metricName: string) =>
      new MathExpression({
        expression: `SEARCH('{Portal,contract,service} MetricName="${metricName}"', 'Sum', 300)`,
        label: metricName,
        period: FIVE_MINUTES,
      });

    const waf = props.webAcl ? wafBlockedAlarm(this, this.topic, props.webAcl) : undefined;
    if (waf) this.alarms.push(waf);
    if (props.healthCheckFailures) {
      // Two failed looks in three, or no look at all (a probe that stopped running proves nothing).
      this.alarm(
        'HealthCheck',
        props.healthCheckFailures,
        0,
        'The health probe failed',
        3,
        2,
        TreatMissingData.BREACHING,
      );
    }
    if (props.indicatorsStaleness) {
      this.alarm(
        'IndicatorsStale',
        props.indicatorsStaleness,
        t.indicatorsStaleBusinessDays - 1,
        'No new dólar observado stored for two business days',
        1,
        1,
      );
    }

    this.dashboard = new Dashboard(this, 'Dashboard', { defaultInterval: Duration.hours(6) });
    const graph = (title: string, left: IMetric[], right: IMetric[] = []) =>
      new GraphWidget({ title, left, right, width: 12, height: 6 });
    this.dashboard.addWidgets(
      new AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 24, height: 4 }),
      graph('API requests and errors', [requests, props.httpApi.metricClientError(), serverErrors], [errorRate]),
      graph('API latency', [
        props.httpApi.metricLatency({ statistic: 'p50' }),
        latency,
        props.httpApi.metricIntegrationLatency({ statistic: 'p99' }),
      ]),
      graph('Lambda', [lambdaErrors, throttles], [concurrency]),
      graph('DynamoDB capacity', [
        props.table.metricConsumedReadCapacityUnits(),
        props.table.metricConsumedWriteCapacityUnits(),
      ]),
      // One math expression per graph: both name their inner metrics by operation.
      graph('DynamoDB throttles', [dynamoThrottles]),
      graph('DynamoDB system errors', [systemErrors]),
      graph('Dead letters waiting', depths),
      graph('Job failures', jobErrors),
      graph('SES reputation', [bounce, complaint]),
      graph('Sign-ins', [portal('SignIns'), portal('SignInsRefused')]),
      graph('Mail', [portal('MailsSent'), mailsFailed, portal('MailsNotSent')]),
      graph('Documents', [portal('DocumentsUploaded'), portal('ShareLinkUses')], [portal('UploadedBytes')]),
      graph('Ledger imports', [portal('LedgerImports'), portal('LedgerImportsFailed')], [portal('LedgerImportRows')]),
      graph('Report embeddings', [portal('EmbeddingsGenerated')]),
      graph('5xx per contract', [perContract('ServerErrors')]),
      graph('4xx per contract', [perContract('ClientErrors')]),
    );
    const edgeAndProbes = [
      ...(props.sesEvents
        ? [
            graph(
              'SES events',
              ['Bounce', 'Complaint', 'Reject', 'DeliveryDelay'].map((k) => props.sesEvents?.(k) as IMetric),
              [props.sesEvents('Delivery')],
            ),
          ]
        : []),
      ...(props.webAcl ? [graph('WAF blocked requests', [props.webAcl.blockedRequests()])] : []),
      ...(props.healthCheckFailures ? [graph('Health check failures', [props.healthCheckFailures])] : []),
      ...(props.indicatorsStaleness ? [graph('Indicators: business days behind', [props.indicatorsStaleness])] : []),
    ];
    if (edgeAndProbes.length > 0) this.dashboard.addWidgets(...edgeAndProbes);
  }

  /** An alarm at `threshold` (strictly above it) over `periods`, `datapoints` of them breaching, to the topic. */
  private alarm(
    name: string,
    metric: IMetric,
    threshold: number,
    description: string,
    periods: number,
    datapoints: number,
    missing: TreatMissingData = TreatMissingData.NOT_BREACHING,
  ) {
    const alarm = pagingAlarm(this, this.topic, { name, metric, threshold, description, periods, datapoints, missing });
    this.alarms.push(alarm);
    return alarm;
  }
}

/**
 * The encrypted topic alarms mail, with the context's address subscribed. A key of our own: CloudWatch cannot publish
 * to a topic encrypted with the AWS-managed SNS key.
 */
export function alarmTopic(scope: Construct, alarmEmail?: string): Topic {
  const key = new Key(scope, 'TopicKey', { enableKeyRotation: true, description: 'Portal: the alarms topic' });
  key.grant(new ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
  const topic = new Topic(scope, 'Alarms', { displayName: 'Portal alarms', masterKey: key, enforceSSL: true });
  if (alarmEmail) topic.addSubscription(new EmailSubscription(alarmEmail));
  return topic;
}

export interface PagingAlarmProps {
  /** The alarm's name after the stack's, and its runbook entry's heading in docs/operations.md. */
  name: string;
  metric: IMetric;
  threshold: number;
  description: string;
  periods: number;
  datapoints: number;
  /** Missing data is not breaching unless said (a probe that stopped reporting is). */
  missing?: TreatMissingData;
}

/** WAF blocking more than usual: a flood, a scanner, or a firm's office refused (docs/operations.md#wafblocked). */
export function wafBlockedAlarm(scope: Construct, topic: ITopic, acl: { blockedRequests(): IMetric }): Alarm {
  return pagingAlarm(scope, topic, {
    name: 'WafBlocked',
    metric: acl.blockedRequests(),
    threshold: ALARM_THRESHOLDS.wafBlockedPer5Min,
    description: 'The web ACL blocked more than 200 requests in 5 minutes',
    periods: 3,
    datapoints: 2,
  });
}

/** An alarm strictly above `threshold`, mailing `topic` when it fires and when it recovers. */
export function pagingAlarm(scope: Construct, topic: ITopic, props: PagingAlarmProps): Alarm {
  const alarm = new Alarm(scope, props.name, {
    alarmName: `${Stack.of(scope).stackName}-${props.name}`,
    alarmDescription: `${props.description}. Runbook: docs/operations.md#${props.name.toLowerCase()}`,
    metric: props.metric,
    threshold: props.threshold,
    evaluationPeriods: props.periods,
    datapointsToAlarm: props.datapoints,
    comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
    treatMissingData: props.missing ?? TreatMissingData.NOT_BREACHING,
  });
  alarm.addAlarmAction(new SnsAction(topic));
  alarm.addOkAction(new SnsAction(topic));
  return alarm;
}
