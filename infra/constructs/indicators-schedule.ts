import path from 'node:path';
import { Duration, Stack, TimeZone, Validations } from 'aws-cdk-lib';
import { PolicyDocument, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { Construct, type Node } from 'constructs';
import { PROVIDER_NAMES, type ProviderName } from '../../functions/lib/indicators/provider';
import { lambdaBundling } from '../bundling';
import { wildcardResourceFinding } from '../nag';
import { REPO_ROOT } from '../paths';
import { type Backend, LAMBDA_MEMORY_MB, LAMBDA_RUNTIME, LOG_RETENTION } from './api';
import { leadingKeys } from './function-access';

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
 * role may only write indicator items (BatchWriteItem/PutItem under INDICATOR#), read the CMF key parameter when that
 * provider is configured, and write its own logs; Scheduler's role may only invoke this function.
 */
export class IndicatorsSchedule extends Construct {
  readonly function: NodejsFunction;
  readonly schedule: Schedule;

  constructor(scope: Construct, id: string, props: { backend: Backend; settings: IndicatorsScheduleSettings }) {
    super(scope, id);
    const { backend, settings } = props;
    const logGroup = new LogGroup(this, 'Logs', { retention: LOG_RETENTION });
    const statements = [
      new PolicyStatement({
        sid: 'Logs',
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [logGroup.logGroupArn],
      }),
      new PolicyStatement({
        sid: 'IndicatorWrites',
        actions: ['dynamodb:BatchWriteItem', 'dynamodb:PutItem'],
        resources: [backend.table.tableArn],
        conditions: leadingKeys(['INDICATOR#']),
      }),
    ];
    if (settings.cmfKeyParameter) {
      const stack = Stack.of(this);
      statements.push(
        new PolicyStatement({
          sid: 'CmfKey',
          actions: ['ssm:GetParameter'],
          resources: [
            stack.formatArn({ service: 'ssm', resource: 'parameter', resourceName: settings.cmfKeyParameter.slice(1) }),
          ],
        }),
      );
    }
    const role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: 'Execution role of the scheduled indicators job (infra/constructs/indicators-schedule.ts)',
      inlinePolicies: { Access: new PolicyDocument({ statements }) },
    });

    this.function = new NodejsFunction(this, 'Function', {
      entry: path.join(REPO_ROOT, 'functions', 'indicators', 'refresh.ts'),
      handler: 'handler',
      projectRoot: REPO_ROOT,
      depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
      runtime: LAMBDA_RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: LAMBDA_MEMORY_MB,
      timeout: Duration.minutes(2),
      role,
      logGroup,
      environment: {
        TABLE_NAME: backend.table.tableName,
        INDICATORS_PROVIDER: settings.provider,
        ...(settings.cmfKeyParameter && { INDICATORS_CMF_KEY_PARAMETER: settings.cmfKeyParameter }),
      },
      description: 'Daily refresh of the currency indicators (dólar, UF, euro, UTM, IPC)',
      bundling: lambdaBundling(),
    });

    this.schedule = new Schedule(this, 'Daily', {
      description: 'Portal: refresh the currency indicators once a day',
      schedule: ScheduleExpression.cron({ ...INDICATORS_SCHEDULE, timeZone: TimeZone.AMERICA_SANTIAGO }),
      // A failed run is retried a few times within the hour; the next day's run tries again anyway.
      target: new LambdaInvoke(this.function, { retryAttempts: 3, maxEventAge: Duration.hours(1) }),
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
