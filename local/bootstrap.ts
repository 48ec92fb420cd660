import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, HeadBucketCommand, PutBucketCorsCommand, S3Client } from '@aws-sdk/client-s3';
import { AUTH_DESIGN, TABLE_DESIGN } from '../functions/lib/data/table-design';
import type { Services } from './services';

export const LOCAL_NAMES = {
  table: 'portal',
  assetsBucket: 'portal-assets',
  documentsBucket: 'portal-documents',
  userPool: 'portal',
  userPoolClient: 'portal-web',
  mailFrom: 'no-reply@portal.local',
  region: 'us-east-1',
};

export interface LocalResources {
  userPoolId: string;
  userPoolClientId: string;
}

const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export function localClients(services: Pick<Services, 'urls'>) {
  const common = { region: LOCAL_NAMES.region, credentials };
  return {
    dynamodb: new DynamoDBClient({ ...common, endpoint: services.urls.dynamodb }),
    s3: new S3Client({
      ...common,
      endpoint: services.urls.s3,
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    }),
    cognito: new CognitoIdentityProviderClient({ ...common, endpoint: services.urls.cognito }),
  };
}

/**
 * `changeStream`: the test portal's table keeps a stream of every change (old and new image), so a test can see what
 * a request wrote by reading the changes since it was sent (test/helpers/table-changes.ts) instead of scanning the
 * whole table around it. The developer's `npm start` table has none (it would only cost writes).
 */
export async function ensureTable(
  dynamodb: DynamoDBClient,
  changeStream: boolean,
  tableName: string = LOCAL_NAMES.table,
): Promise<void> {
  try {
    await dynamodb.send(new DescribeTableCommand({ TableName: tableName }));
    return;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  const attributes = [
    TABLE_DESIGN.partitionKey,
    TABLE_DESIGN.sortKey,
    ...TABLE_DESIGN.indexes.flatMap((index) => [index.partitionKey, index.sortKey]),
  ];
  await dynamodb.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: attributes.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: TABLE_DESIGN.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_DESIGN.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: TABLE_DESIGN.indexes.map((index) => ({
        IndexName: index.name,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: [...TABLE_DESIGN.listAttributes] },
      })),
      ...(changeStream && { StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' } }),
    }),
  );
  await dynamodb.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: TABLE_DESIGN.ttlAttribute, Enabled: true },
    }),
  );
}

async function ensureBucket(s3: S3Client, bucket: string, webOrigins: string[]): Promise<void> {
  try {
    await s3.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch {
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  }
  // Browsers upload straight to presigned URLs, so the bucket must accept the portal's origin.
  await s3.send(
    new PutBucketCorsCommand({
      Bucket: bucket,
      CORSConfiguration: {
        CORSRules: [
          {
            AllowedOrigins: webOrigins,
            AllowedMethods: ['GET', 'PUT', 'POST', 'HEAD'],
            AllowedHeaders: ['*'],
            ExposeHeaders: ['ETag'],
            MaxAgeSeconds: 3000,
          },
        ],
      },
    }),
  );
}

async function ensureUserPool(cognito: CognitoIdentityProviderClient): Promise<LocalResources> {
  const pools = await cognito.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  let userPoolId = pools.UserPools?.find((pool) => pool.Name === LOCAL_NAMES.userPool)?.Id;
  if (!userPoolId) {
    const created = await cognito.send(
      new CreateUserPoolCommand({
        PoolName: LOCAL_NAMES.userPool,
        Policies: {
          PasswordPolicy: {
            MinimumLength: AUTH_DESIGN.passwordMinLength,
            RequireUppercase: true,
            RequireLowercase: true,
            RequireNumbers: true,
            RequireSymbols: true,
          },
        },
        Schema: [{ Name: 'email', AttributeDataType: 'String', Mutable: true }],
      }),
    );
    userPoolId = created.UserPool?.Id as string;
  }
  const clients = await cognito.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }));
  let userPoolClientId = clients.UserPoolClients?.find((c) => c.ClientName === LOCAL_NAMES.userPoolClient)?.ClientId;
  if (!userPoolClientId) {
    const created = await cognito.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: LOCAL_NAMES.userPoolClient,
        // As the CDK client (infra/constructs/auth.ts): the admin flow only. cognito-local does not enforce the list.
        ExplicitAuthFlows: ['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
        EnableTokenRevocation: true,
        AccessTokenValidity: AUTH_DESIGN.accessTokenMinutes,
        IdTokenValidity: AUTH_DESIGN.accessTokenMinutes,
        RefreshTokenValidity: AUTH_DESIGN.refreshTokenHours,
        TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'hours' },
      }),
    );
    userPoolClientId = created.UserPoolClient?.ClientId as string;
  }
  return { userPoolId, userPoolClientId };
}

/** Creates, when missing, the table, the buckets (with CORS for the portal's origins) and the user pool and client. */
export async function bootstrap(
  services: Services,
  webOrigins: string[],
  { changeStream = false } = {},
): Promise<LocalResources> {
  const clients = localClients(services);
  const [resources] = await Promise.all([
    ensureUserPool(clients.cognito),
    ensureTable(clients.dynamodb, changeStream),
    ensureBucket(clients.s3, LOCAL_NAMES.assetsBucket, webOrigins),
    ensureBucket(clients.s3, LOCAL_NAMES.documentsBucket, webOrigins),
  ]);
  return resources;
}

/** The environment every handler gets locally: the same variables infra/ sets in AWS, plus local endpoints. */
export function functionEnvironment(
  services: Pick<Services, 'urls'>,
  resources: LocalResources,
  portalUrl: string,
): Record<string, string> {
  return {
    TABLE_NAME: LOCAL_NAMES.table,
    ASSETS_BUCKET: LOCAL_NAMES.assetsBucket,
    DOCUMENTS_BUCKET: LOCAL_NAMES.documentsBucket,
    USER_POOL_ID: resources.userPoolId,
    USER_POOL_CLIENT_ID: resources.userPoolClientId,
    MAIL_FROM: LOCAL_NAMES.mailFrom,
    PORTAL_URL: portalUrl,
    PORTAL_LOCAL: '1',
    // The mail queue's worker rate: aws-ses-v2-local has no limit; 20 a second keeps imports quick here.
    MAIL_SEND_RATE: '20',
    LOCAL_COGNITO_URL: services.urls.cognito,
    AWS_REGION: LOCAL_NAMES.region,
    AWS_ACCESS_KEY_ID: credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: services.urls.dynamodb,
    AWS_ENDPOINT_URL_S3: services.urls.s3,
    AWS_ENDPOINT_URL_SESV2: services.urls.ses,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: services.urls.cognito,
  };
}
