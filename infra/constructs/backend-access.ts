import { Stack, Validations } from 'aws-cdk-lib';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { ManagedPolicy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import type { IConfigurationSet, IEmailIdentity } from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import { wildcardResourceFinding } from '../nag';

/** Cognito admin actions the API performs on its own user pool (sign-in and token revocation need no IAM). */
export const COGNITO_ADMIN_ACTIONS = [
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminDeleteUser',
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminSetUserPassword',
  'cognito-idp:AdminUpdateUserAttributes',
  'cognito-idp:AdminDisableUser',
  'cognito-idp:AdminEnableUser',
  'cognito-idp:AdminUserGlobalSignOut',
];

/** Item-level DynamoDB actions (transactions are authorized per item through these). No Scan: no request scans. */
export const DYNAMODB_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DescribeTable',
];

export const S3_OBJECT_ACTIONS = ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'];

export interface BackendAccessProps {
  table: ITableV2;
  tableIndexArns: string[];
  buckets: Bucket[];
  userPool: IUserPool;
  emailIdentity: IEmailIdentity;
  configurationSet: IConfigurationSet;
}

/**
 * What the API functions may do to the stateful resources, as one customer-managed policy kept beside them: explicit
 * actions on named resources (the table and each GSI, the two buckets, the user pool, the SES identity and
 * configuration set). Every API stack's function role attaches it.
 */
export class BackendAccess extends Construct {
  readonly policy: ManagedPolicy;

  constructor(scope: Construct, id: string, props: BackendAccessProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.policy = new ManagedPolicy(this, 'Policy', {
      description: 'Portal API functions: table, buckets, user pool admin, SES sending',
      statements: [
        new PolicyStatement({ sid: 'Table', actions: DYNAMODB_ACTIONS, resources: [props.table.tableArn] }),
        new PolicyStatement({ sid: 'TableIndexes', actions: ['dynamodb:Query'], resources: props.tableIndexArns }),
        new PolicyStatement({
          sid: 'Objects',
          actions: S3_OBJECT_ACTIONS,
          resources: props.buckets.map((bucket) => bucket.arnForObjects('*')),
        }),
        new PolicyStatement({
          sid: 'Buckets',
          actions: ['s3:ListBucket'],
          resources: props.buckets.map((bucket) => bucket.bucketArn),
        }),
        new PolicyStatement({ sid: 'Users', actions: COGNITO_ADMIN_ACTIONS, resources: [props.userPool.userPoolArn] }),
        new PolicyStatement({
          sid: 'Mail',
          actions: ['ses:SendEmail'],
          resources: [
            props.emailIdentity.emailIdentityArn,
            stack.formatArn({
              service: 'ses',
              resource: 'configuration-set',
              resourceName: props.configurationSet.configurationSetName,
            }),
          ],
        }),
      ],
    });

    for (const bucket of props.buckets) {
      Validations.of(this.policy).acknowledge({
        id: wildcardResourceFinding(this.policy, bucket.arnForObjects('*')),
        reason:
          'Object keys are per tenant and per upload (documents/<project>/<uuid>...), created at run time: the API ' +
          'reads, writes, deletes and presigns any object of its own bucket; the tenant scope is enforced in code.',
      });
    }
  }
}
