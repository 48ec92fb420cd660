import path from 'node:path';
import { Duration } from 'aws-cdk-lib';
import { PolicyDocument, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { lambdaBundling } from '../bundling';
import { REPO_ROOT } from '../paths';
import { type Backend, LAMBDA_RUNTIME, LOG_RETENTION, mailEnvironment } from './api';
import { acknowledgeAssetObjects, acknowledgeMailIdentities, leadingKeys, traced } from './function-access';

/**
 * How the worker keeps to the rate: SQS hands at most MAIL_QUEUE_CONCURRENCY batches of MAIL_QUEUE_BATCH
 * messages at a time (the event source's maximum concurrency; 2 is its minimum, and a reserved concurrency would take
 * from the account's pool, which new accounts keep at 10), and each worker spaces its sends at rate / concurrency.
 */
export const MAIL_QUEUE_BATCH = 10;
export const MAIL_QUEUE_CONCURRENCY = 2;
/** A batch at the slowest rate (10 mails at 0.5 a second) is ~20 s of sends; the timeout leaves three times that. */
export const MAIL_WORKER_TIMEOUT = Duration.minutes(1);
/** A message that failed this many deliveries goes to the dead-letter queue. */
export const MAIL_QUEUE_MAX_RECEIVES = 5;

/**
 * The invitation mail queue: an encrypted,
 * TLS-only SQS queue with a dead-letter queue, in the stateful stack so the API stacks (which enqueue) and the jobs
 * stack (which drains) both reach it.
 */
export class MailQueue extends Construct {
  readonly queue: Queue;
  readonly deadLetters: Queue;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.deadLetters = new Queue(this, 'DeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    this.queue = new Queue(this, 'Queue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // AWS's advice for a Lambda event source: at least six times the function's timeout.
      visibilityTimeout: Duration.seconds(MAIL_WORKER_TIMEOUT.toSeconds() * 6),
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: this.deadLetters, maxReceiveCount: MAIL_QUEUE_MAX_RECEIVES },
    });
  }
}

/**
 * The queue's worker (functions/registration/invitation-mail-worker.ts): mails each queued invitation with a fresh link,
 * and each document request's mail, at `rate` mails a second in all. Its role reads the table, updates only the
 * invitation and its link, claims request mails, sends mail from the portal's identity and reads the branding logos; the event source adds consuming the queue.
 */
export class MailQueueWorker extends Construct {
  readonly function: NodejsFunction;

  constructor(scope: Construct, id: string, props: { backend: Backend; rate: number }) {
    super(scope, id);
    const { backend } = props;
    const logGroup = new LogGroup(this, 'Logs', { retention: LOG_RETENTION });
    const role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: 'Execution role of the invitation mail queue worker (infra/constructs/mail-queue.ts)',
      inlinePolicies: {
        Access: new PolicyDocument({
          statements: [
            new PolicyStatement({
              sid: 'Logs',
              actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
              resources: [logGroup.logGroupArn],
            }),
            // The invitation, its project, the suppression list (by key, never a Scan or an index); then it writes only
            // the invitation (its link's hash, the mail's outcome) and the link (functions/registration/invitations.ts).
            new PolicyStatement({
              sid: 'TableReads',
              actions: ['dynamodb:GetItem', 'dynamodb:BatchGetItem'],
              resources: [backend.table.tableArn],
            }),
            new PolicyStatement({
              sid: 'InvitationWrites',
              actions: ['dynamodb:UpdateItem'],
              resources: [backend.table.tableArn],
              conditions: leadingKeys(['INVITATION#']),
            }),
            new PolicyStatement({
              sid: 'LinkWrites',
              actions: ['dynamodb:PutItem', 'dynamodb:DeleteItem'],
              resources: [backend.table.tableArn],
              conditions: leadingKeys(['TOKEN#INVITE#']),
            }),
            // A document request's mail is claimed per person before it goes, with the firm's daily quota of them,
            // and given back when SES refused it (functions/requests/request-mails.ts).
            new PolicyStatement({
              sid: 'RequestMailClaims',
              actions: ['dynamodb:PutItem', 'dynamodb:DeleteItem'],
              resources: [backend.table.tableArn],
              conditions: leadingKeys(['REQMAIL#']),
            }),
            new PolicyStatement({
              sid: 'RequestMailQuota',
              actions: ['dynamodb:UpdateItem'],
              resources: [backend.table.tableArn],
              conditions: leadingKeys(['QUOTA#']),
            }),
            new PolicyStatement({ sid: 'Mail', actions: ['ses:SendEmail'], resources: backend.mailResources }),
            new PolicyStatement({ sid: 'Logos', actions: ['s3:GetObject'], resources: [backend.assetsObjectsArn] }),
          ],
        }),
      },
    });
    acknowledgeAssetObjects(role, backend);
    acknowledgeMailIdentities(role);

    this.function = new NodejsFunction(this, 'Function', {
      entry: path.join(REPO_ROOT, 'functions', 'registration', 'invitation-mail-worker.ts'),
      handler: 'handler',
      projectRoot: REPO_ROOT,
      depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
      runtime: LAMBDA_RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: 256,
      timeout: MAIL_WORKER_TIMEOUT,
      role,
      logGroup,
      environment: {
        TABLE_NAME: backend.table.tableName,
        ASSETS_BUCKET: backend.assetsBucket.bucketName,
        ...mailEnvironment(backend),
        PORTAL_URL: backend.portalUrl,
        MAIL_SEND_RATE: String(props.rate / MAIL_QUEUE_CONCURRENCY),
      },
      description: 'Invitation mails of CSV imports: sends the queued mails at the SES rate share',
      bundling: lambdaBundling(),
    });
    traced(this.function);
    this.function.addEventSource(
      new SqsEventSource(backend.mailQueue, {
        batchSize: MAIL_QUEUE_BATCH,
        maxConcurrency: MAIL_QUEUE_CONCURRENCY,
        reportBatchItemFailures: true,
      }),
    );
  }
}
