import path from 'node:path';
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import { type PolicyDocument, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture } from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Schedule, type ScheduleExpression, type ScheduleTargetInput } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { lambdaBundling } from '../bundling';
import { wildcardResourceFinding } from '../nag';
import { REPO_ROOT } from '../paths';
import { LAMBDA_MEMORY_MB, LAMBDA_RUNTIME, LOG_RETENTION } from './api';
import { deadLetterQueue } from './dead-letters';
import { traced } from './function-access';

export interface ScheduledJobProps {
  /** The handler's file under functions/. */
  entry: string;
  /** The role's and the function's descriptions. */
  roleDescription: string;
  description: string;
  /** The role's one inline policy, given the job's own log group (its only log permission). */
  policy: (logGroupArn: string) => PolicyDocument;
  timeout: Duration;
  environment: Record<string, string>;
  /** The schedule's construct id ('Daily', 'Hourly'), its description, when it runs and how often a failed run is retried within the hour. */
  schedule: {
    id: string;
    description: string;
    expression: ScheduleExpression;
    retryAttempts: number;
    /** The event the function gets (none: Scheduler's default); a job that reads its run's time gets it here. */
    input?: ScheduleTargetInput;
  };
}

/**
 * A job EventBridge Scheduler invokes (the indicators refresh, the garbage sweeper, the document digest): its own log
 * group, a role that holds only what the job needs, the function, and a schedule whose role may only invoke it.
 */
export class ScheduledJob extends Construct {
  readonly function: NodejsFunction;
  readonly schedule: Schedule;
  readonly role: Role;
  readonly logGroup: LogGroup;
  /** Runs that failed after Lambda's retries, and invocations Scheduler could not deliver. */
  readonly deadLetters: Queue;

  constructor(scope: Construct, id: string, props: ScheduledJobProps) {
    super(scope, id);
    const logGroup = new LogGroup(this, 'Logs', { retention: LOG_RETENTION });
    this.logGroup = logGroup;
    this.deadLetters = deadLetterQueue(this, 'DeadLetters');
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: props.roleDescription,
      inlinePolicies: { Access: props.policy(logGroup.logGroupArn) },
    });
    this.function = new NodejsFunction(this, 'Function', {
      entry: path.join(REPO_ROOT, 'functions', props.entry),
      handler: 'handler',
      projectRoot: REPO_ROOT,
      depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
      runtime: LAMBDA_RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: LAMBDA_MEMORY_MB,
      timeout: props.timeout,
      role: this.role,
      logGroup,
      environment: props.environment,
      description: props.description,
      bundling: lambdaBundling(),
      // Scheduler invokes asynchronously: a run that throws is retried by Lambda, then kept rather than dropped.
      retryAttempts: 2,
      onFailure: new SqsDestination(this.deadLetters),
    });
    traced(this.function);
    this.schedule = new Schedule(this, props.schedule.id, {
      description: props.schedule.description,
      schedule: props.schedule.expression,
      target: new LambdaInvoke(this.function, {
        retryAttempts: props.schedule.retryAttempts,
        ...(props.schedule.input && { input: props.schedule.input }),
        maxEventAge: Duration.hours(1),
        deadLetterQueue: this.deadLetters,
      }),
    });
    // LambdaInvoke's role (one per stack, made by aws-scheduler-targets) allows the function and `<its ARN>:*`.
    Validations.of(Stack.of(this)).acknowledge({
      id: wildcardResourceFinding(this, `${this.function.functionArn}:*`),
      reason:
        'Scheduler may invoke this one function and its versions or aliases (<function ARN>:*), nothing else; the ' +
        'wildcard is the qualifier of that single function.',
    });
  }
}
