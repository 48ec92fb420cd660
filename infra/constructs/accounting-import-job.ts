import path from 'node:path';
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import { Rule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyDocument, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture } from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { IMPORT_JOB_RETRY_ATTEMPTS, LEDGER_UPLOAD_ROOT } from '../../functions/lib/accounting/import-upload';
import { lambdaBundling } from '../bundling';
import { wildcardResourceFinding } from '../nag';
import { REPO_ROOT } from '../paths';
import { type Backend, LAMBDA_RUNTIME, LOG_RETENTION } from './api';
import { deadLetterQueue } from './dead-letters';
import { leadingKeys, traced } from './function-access';

/** What the import writes (functions/lib/data/accounting-import-jobs.ts and accounting-ledger.ts): job, slices, lines. */
export const IMPORT_JOB_WRITE_KEYS = ['ACCJOB#', 'ACCOUNTING#', 'LEDGER#'] as const;
/** A 1M-line file (~100 MB, up to 150 MB) is read, validated and aggregated in memory (design/accounting.md: ~56 s locally). */
export const IMPORT_JOB_MEMORY_MB = 3008;
export const IMPORT_JOB_TIMEOUT = Duration.minutes(15);

/**
 * The large ledger import job: when a ledger file lands under uploads/accounting/ of the documents bucket,
 * S3 sends "Object Created" to EventBridge (enabled natively on the bucket, constructs/storage.ts: no notifications
 * custom resource) and this rule invokes functions/accounting/import-job-worker.ts asynchronously. Its role reads
 * the table, writes only the import's items and reads only the ledger uploads. The job item's status guards the run
 * (runImportJob moves it WAITING_UPLOAD|QUEUED → RUNNING with a condition), so a repeated event does nothing.
 */
export class AccountingImportJob extends Construct {
  readonly function: NodejsFunction;
  readonly rule: Rule;
  /** Imports whose run failed after Lambda's retries, and events EventBridge could not deliver. */
  readonly deadLetters: Queue;

  constructor(scope: Construct, id: string, props: { backend: Backend }) {
    super(scope, id);
    const { backend } = props;
    const logGroup = new LogGroup(this, 'Logs', { retention: LOG_RETENTION });
    this.deadLetters = deadLetterQueue(this, 'DeadLetters');
    const uploads = backend.ledgerUploadsArn;
    const role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: 'Execution role of the large ledger import job (infra/constructs/accounting-import-job.ts)',
      inlinePolicies: {
        Access: new PolicyDocument({
          statements: [
            new PolicyStatement({
              sid: 'Logs',
              actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
              resources: [logGroup.logGroupArn],
            }),
            // The job, the society, the chart and the ledger pointer (by key, never a Scan or an index).
            new PolicyStatement({
              sid: 'TableReads',
              actions: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'],
              resources: [backend.table.tableArn],
            }),
            new PolicyStatement({
              sid: 'ImportWrites',
              actions: ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
              resources: [backend.table.tableArn],
              conditions: leadingKeys(IMPORT_JOB_WRITE_KEYS),
            }),
            // The import's clean-up marker (functions/lib/data/cleanups.ts): written before its first item, checked
            // in the pointer's flip, removed at the end.
            new PolicyStatement({
              sid: 'ImportMarker',
              actions: ['dynamodb:PutItem', 'dynamodb:DeleteItem', 'dynamodb:ConditionCheckItem'],
              resources: [backend.table.tableArn],
              conditions: leadingKeys(['CLEANUP#']),
            }),
            new PolicyStatement({ sid: 'LedgerUploads', actions: ['s3:GetObject'], resources: [uploads] }),
          ],
        }),
      },
    });

    this.function = new NodejsFunction(this, 'Function', {
      entry: path.join(REPO_ROOT, 'functions', 'accounting', 'import-job-worker.ts'),
      handler: 'handler',
      projectRoot: REPO_ROOT,
      depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
      runtime: LAMBDA_RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: IMPORT_JOB_MEMORY_MB,
      timeout: IMPORT_JOB_TIMEOUT,
      role,
      logGroup,
      environment: {
        TABLE_NAME: backend.table.tableName,
        DOCUMENTS_BUCKET: backend.documentsBucket.bucketName,
      },
      description: 'Large ledger imports: runs the job of a file uploaded by presigned POST',
      bundling: lambdaBundling(),
      // The rule invokes asynchronously: a run that throws is retried once (the job's status makes that safe), then kept.
      retryAttempts: IMPORT_JOB_RETRY_ATTEMPTS,
      onFailure: new SqsDestination(this.deadLetters),
    });
    traced(this.function);

    this.rule = new Rule(this, 'Uploaded', {
      description: 'Portal: a ledger file uploaded for a large import starts its job',
      eventPattern: {
        source: ['aws.s3'],
        detailType: ['Object Created'],
        detail: {
          bucket: { name: [backend.documentsBucket.bucketName] },
          object: { key: [{ prefix: LEDGER_UPLOAD_ROOT }] },
        },
      },
      // EventBridge retries a failed delivery within the hour; the job item's status makes a repeat harmless.
      targets: [
        new LambdaFunction(this.function, {
          retryAttempts: 4,
          maxEventAge: Duration.hours(1),
          deadLetterQueue: this.deadLetters,
        }),
      ],
    });
    Validations.of(Stack.of(this)).acknowledge({
      id: wildcardResourceFinding(this, uploads),
      reason: 'The job reads only the ledger uploads: every object under uploads/accounting/ of the documents bucket.',
    });
  }
}
