import path from 'node:path';
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import {
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  type IHttpApi,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { type IManagedPolicy, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { Contract } from '../../shared/contracts/define';
import { routePath as httpApiPath, routeKey as httpApiRouteKey } from '../../shared/contracts/define';
import { lambdaBundling } from '../bundling';
import { handlerEntry, REPO_ROOT } from '../paths';

/** The newest Node.js runtime aws-cdk-lib knows (cdk-nag AwsSolutions-L1 checks for it); bundles target node20. */
export const LAMBDA_RUNTIME = Runtime.NODEJS_24_X;
export const LAMBDA_MEMORY_MB = 512;
/** API Gateway HTTP APIs give up on an integration after 30 s. */
export const LAMBDA_TIMEOUT = Duration.seconds(29);
export const LOG_RETENTION = RetentionDays.THREE_MONTHS;

/** What every function reaches: the stateful stack's resources, and the settings that become its environment. */
export interface Backend {
  table: ITableV2;
  documentsBucket: IBucket;
  assetsBucket: IBucket;
  userPool: IUserPool;
  userPoolClient: IUserPoolClient;
  /** Everything the functions may do to the resources above (constructs/backend-access.ts). */
  accessPolicy: IManagedPolicy;
  senderEmail: string;
  portalUrl: string;
}

/** The HTTP API and its $default stage (auto-deployed, access-logged). Routes live in the API stacks. */
export class HttpApiGateway extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: 'Portal API: one route and one function per contract (shared/contracts)',
      createDefaultStage: false,
    });
    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: LOG_RETENTION });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      accessLogSettings: { destination: new LogGroupLogDestination(accessLogs) },
    });
  }

  /** Host name of the execute-api endpoint (CloudFront's origin for /api/*). */
  get endpointHost(): string {
    const stack = Stack.of(this);
    return `${this.httpApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
  }
}

export interface ApiEndpointsProps {
  httpApi: IHttpApi;
  backend: Backend;
  contracts: readonly Contract[];
}

/**
 * One NodejsFunction, log group and route per contract, all sharing one execution role per stack. The role gets the
 * backend access policy (the union of what the API's functions use, explicit actions on named resources) and may
 * write to its functions' log groups, each named. Contracts do not declare what each handler touches, so a per-
 * function role could not be narrower today; one role per stack keeps two resources per route out of the template.
 */
export class ApiEndpoints extends Construct {
  readonly role: Role;
  readonly functions = new Map<string, NodejsFunction>();

  constructor(scope: Construct, id: string, props: ApiEndpointsProps) {
    super(scope, id);
    const { backend } = props;
    this.role = new Role(this, 'FunctionRole', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: 'Execution role of the portal API functions of this stack',
      managedPolicies: [backend.accessPolicy],
    });

    const logStatement = new PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents'] });
    const environment = {
      TABLE_NAME: backend.table.tableName,
      USER_POOL_ID: backend.userPool.userPoolId,
      USER_POOL_CLIENT_ID: backend.userPoolClient.userPoolClientId,
      ASSETS_BUCKET: backend.assetsBucket.bucketName,
      DOCUMENTS_BUCKET: backend.documentsBucket.bucketName,
      MAIL_FROM: backend.senderEmail,
      PORTAL_URL: backend.portalUrl,
    };

    for (const contract of props.contracts) {
      const endpoint = new Construct(this, contract.id);
      const logGroup = new LogGroup(endpoint, 'Logs', { retention: LOG_RETENTION });
      logStatement.addResources(logGroup.logGroupArn);

      const fn = new NodejsFunction(endpoint, 'Function', {
        entry: handlerEntry(contract.handler),
        handler: 'handler',
        projectRoot: REPO_ROOT,
        depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
        runtime: LAMBDA_RUNTIME,
        architecture: Architecture.ARM_64,
        memorySize: LAMBDA_MEMORY_MB,
        timeout: LAMBDA_TIMEOUT,
        role: this.role,
        logGroup,
        environment,
        description: `${httpApiRouteKey(contract)} ${contract.id}: ${contract.summary}`.slice(0, 256),
        bundling: lambdaBundling(),
      });
      this.functions.set(contract.id, fn);

      const route = new HttpRoute(endpoint, 'Route', {
        httpApi: props.httpApi,
        routeKey: HttpRouteKey.with(httpApiPath(contract), HttpMethod[contract.method]),
        integration: new HttpLambdaIntegration('Integration', fn, { timeout: LAMBDA_TIMEOUT }),
      });
      Validations.of(route).acknowledge({
        id: 'AwsSolutions-APIG4',
        reason:
          contract.access === 'public'
            ? 'Public by contract (shared/contracts access: public), e.g. sign-in and health.'
            : 'Authorized in the function: the contract wrapper verifies the Cognito access token and the caller role ' +
              'before any work and answers the spec error shape (401 NOT_AUTHENTICATED, 403 ACTION_NOT_ALLOWED), ' +
              'which a gateway authorizer cannot.',
      });
      Validations.of(route).acknowledge({
        id: 'AwsSolutions-COG4',
        reason: 'Cognito access tokens are verified in the function (aws-jwt-verify), not by a gateway authorizer.',
      });
    }
    this.role.addToPolicy(logStatement);
  }
}
