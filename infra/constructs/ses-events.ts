import path from 'node:path';
import { Duration } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture } from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { FilterPattern, LogGroup, MetricFilter } from 'aws-cdk-lib/aws-logs';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { LambdaSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { lambdaBundling } from '../bundling';
import { REPO_ROOT } from '../paths';
import { SES_EVENTS_PERMISSIONS } from '../permissions';
import { type Backend, LAMBDA_MEMORY_MB, LAMBDA_RUNTIME, LOG_RETENTION } from './api';
import { deadLetterQueue } from './dead-letters';
import { functionPolicy, traced } from './function-access';

/** The namespace of the portal's own metrics (log metric filters; no function calls PutMetricData). */
export const PORTAL_METRICS_NAMESPACE = 'Portal';
/** SES events per kind (Bounce, Complaint, Delivery…), counted from the handler's `ses_event` log lines. */
export const SES_EVENTS_METRIC = 'SesEvents';

/**
 * The SES events handler (functions/external/ses-events.ts), subscribed to the configuration set's events topic
 * (constructs/email.ts): suppresses hard-bounced and complaining addresses, logs every event without the address, and
 * a metric filter counts the events by kind. SNS invokes it asynchronously: a failed run is retried by Lambda, then kept
 * in the dead-letter queue, as is a message SNS could not deliver.
 */
export class SesEventsHandler extends Construct {
  readonly function: NodejsFunction;
  readonly deadLetters: Queue;

  constructor(scope: Construct, id: string, props: { backend: Backend; events: ITopic }) {
    super(scope, id);
    const { backend } = props;
    const logGroup = new LogGroup(this, 'Logs', { retention: LOG_RETENTION });
    this.deadLetters = deadLetterQueue(this, 'DeadLetters');
    const role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: 'Execution role of the SES events handler (infra/constructs/ses-events.ts)',
      inlinePolicies: { Access: functionPolicy(backend, SES_EVENTS_PERMISSIONS, logGroup.logGroupArn) },
    });
    this.function = new NodejsFunction(this, 'Function', {
      entry: path.join(REPO_ROOT, 'functions', 'external', 'ses-events.ts'),
      handler: 'handler',
      projectRoot: REPO_ROOT,
      depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
      runtime: LAMBDA_RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: LAMBDA_MEMORY_MB,
      timeout: Duration.seconds(30),
      role,
      logGroup,
      environment: { TABLE_NAME: backend.table.tableName },
      description: 'SES events: suppresses hard bounces and complaints, logs every event without the address',
      bundling: lambdaBundling(),
      retryAttempts: 2,
      onFailure: new SqsDestination(this.deadLetters),
    });
    traced(this.function);
    props.events.addSubscription(new LambdaSubscription(this.function, { deadLetterQueue: this.deadLetters }));
    new MetricFilter(this, 'EventsByKind', {
      logGroup,
      filterPattern: FilterPattern.exists('$.ses_event'),
      metricNamespace: PORTAL_METRICS_NAMESPACE,
      metricName: SES_EVENTS_METRIC,
      metricValue: '1',
      dimensions: { Kind: '$.ses_event' },
    });
  }
}
