import {
  GenerateEmbedUrlForAnonymousUserCommand,
  GenerateEmbedUrlForRegisteredUserCommand,
  QuickSightClient,
} from '@aws-sdk/client-quicksight';
import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AwsClient } from '../functions/lib/aws/aws-client';
import {
  AdminDeleteUserCommand,
  AdminInitiateAuthCommand,
  COGNITO,
  RevokeTokenCommand,
} from '../functions/lib/aws/cognito-commands';
import { DynamoClient } from '../functions/lib/aws/dynamo-client';
import { GetCommand, PutCommand, TransactWriteCommand } from '../functions/lib/aws/dynamo-commands';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3 } from '../functions/lib/aws/s3-commands';
import { SESV2, SendEmailCommand } from '../functions/lib/aws/ses-commands';
import { SWEEPER_PERMISSIONS } from '../infra/permissions';
import { contracts } from '../shared/contracts';
import type { Contract } from '../shared/contracts/define';
import {
  enforceOn,
  enforceOnClient,
  enforceOnEveryInstance,
  enforceOnTable,
  installIamEmulation,
  runAs,
  runAsJob,
} from './iam-emulation';

/** The functions' DynamoDB client with the check, answering 'sent' to whatever passes it (no network). */
function client() {
  const sent = async () => new Response(JSON.stringify({ sent: true }));
  const dynamo = new DynamoClient({ fetch: sent });
  enforceOnTable(dynamo);
  return dynamo;
}

// The clients sign every call: credentials as the local stack sets them.
beforeEach(() => {
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'local');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'local');
});
afterEach(() => vi.unstubAllEnvs());

const byId = (id: string) => contracts.find((c) => c.id === id) as Contract;
const put = (pk: string) => new PutCommand({ TableName: 't', Item: { pk, sk: 'X' } });

describe('local IAM emulation (infra/permissions.ts applied to the shared AWS clients)', () => {
  it('runs a job that is no endpoint (the sweeper) with its own grant', async () => {
    const dynamo = client();
    const sweeper = (work: () => Promise<unknown>) => runAsJob('sweepGarbage', SWEEPER_PERMISSIONS, work);
    const remove = (pk: string) =>
      new TransactWriteCommand({ TransactItems: [{ Delete: { TableName: 't', Key: { pk, sk: 'X' } } }] });
    await expect(sweeper(() => dynamo.send(remove('CLEANUP#0')))).resolves.toMatchObject({ sent: true });
    await expect(sweeper(() => dynamo.send(remove('LEDGER#s#TRBT#2024-01#v')))).resolves.toMatchObject({ sent: true });
    await expect(sweeper(() => dynamo.send(remove('USER#1')))).rejects.toThrow(
      /sweepGarbage may not dynamodb:DeleteItem on USER#1/,
    );
    await expect(sweeper(() => dynamo.send(put('CLEANUP#0')))).rejects.toThrow(/may not dynamodb:PutItem on CLEANUP#0/);
  });

  it('lets the health check read its own key only, and write nothing', async () => {
    const dynamo = client();
    const health = byId('getHealth');
    await expect(
      runAs(health, () => dynamo.send(new GetCommand({ TableName: 't', Key: { pk: 'HEALTH', sk: 'HEALTH' } }))),
    ).resolves.toMatchObject({ sent: true });
    await expect(
      runAs(health, () => dynamo.send(new GetCommand({ TableName: 't', Key: { pk: 'USER#1', sk: 'USER' } }))),
    ).rejects.toThrow(/getHealth may not dynamodb:GetItem on USER#1/);
    await expect(runAs(health, () => dynamo.send(put('HEALTH')))).rejects.toThrow(
      /AccessDenied|may not dynamodb:PutItem/,
    );
  });

  it('keeps public sign-in to its throttle and session-log partitions, item by item in transactions too', async () => {
    const dynamo = client();
    const signIn = byId('postToken');
    await expect(runAs(signIn, () => dynamo.send(put('THROTTLE#LOGIN#a@b.cl')))).resolves.toMatchObject({ sent: true });
    await expect(runAs(signIn, () => dynamo.send(put('PROJECT#1')))).rejects.toThrow(
      /postToken may not dynamodb:PutItem on PROJECT#1/,
    );
    const mixed = new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: 't', Item: { pk: 'THROTTLE#LOGIN#a', sk: 'T' } } },
        { Delete: { TableName: 't', Key: { pk: 'USER#1', sk: 'USER' } } },
      ],
    });
    await expect(runAs(signIn, () => dynamo.send(mixed))).rejects.toThrow(/DeleteItem on USER#1/);
  });

  it('lets admin writers write anywhere, and checks nothing outside a handler', async () => {
    const dynamo = client();
    await expect(runAs(byId('patchProject'), () => dynamo.send(put('PROJECT#1')))).resolves.toMatchObject({
      sent: true,
    });
    await expect(dynamo.send(put('PROJECT#1'))).resolves.toMatchObject({ sent: true });
  });
});

describe('local IAM emulation of the light Cognito, SES and S3 clients (functions/lib/aws/aws-client.ts)', () => {
  afterEach(() => vi.unstubAllEnvs());
  const sent = async () => new Response(JSON.stringify({ sent: true }));
  const checked = (service: 'cognito' | 'ses' | 's3', spec: typeof COGNITO) => {
    const client = new AwsClient(spec, { fetch: sent });
    enforceOnClient(service, client);
    return client;
  };

  it('lets a function make the Cognito admin calls it declares only; the token calls need no IAM grant', async () => {
    const cognito = checked('cognito', COGNITO);
    const signIn = new AdminInitiateAuthCommand({
      AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
      UserPoolId: 'p',
      ClientId: 'c',
    });
    await expect(runAs(byId('postToken'), () => cognito.send(signIn))).resolves.toMatchObject({ sent: true });
    await expect(
      runAs(byId('postToken'), () => cognito.send(new AdminDeleteUserCommand({ UserPoolId: 'p', Username: 'u' }))),
    ).rejects.toThrow(/postToken may not cognito-idp:AdminDeleteUser/);
    await expect(
      runAs(byId('getHealth'), () => cognito.send(new RevokeTokenCommand({ ClientId: 'c', Token: 't' }))),
    ).resolves.toMatchObject({ sent: true });
  });

  it('lets only the mailing functions send mail', async () => {
    const ses = checked('ses', SESV2);
    const mail = new SendEmailCommand({
      FromEmailAddress: 'a@b.cl',
      Destination: { ToAddresses: ['c@d.cl'] },
      Content: {},
    });
    await expect(runAs(byId('generateInvitation'), () => ses.send(mail))).resolves.toMatchObject({ $metadata: {} });
    await expect(runAs(byId('getUser'), () => ses.send(mail))).rejects.toThrow(/getUser may not ses:SendEmail/);
  });

  it('keeps each function to the asset actions it declares, on the assets bucket only', async () => {
    vi.stubEnv('ASSETS_BUCKET', 'portal-assets');
    const s3 = checked('s3', S3);
    const object = { Bucket: 'portal-assets', Key: 'users/u/avatar.png' };
    const store = new PutObjectCommand({ ...object, Body: 'x' });
    await expect(runAs(byId('patchUserProfile'), () => s3.send(store))).resolves.toMatchObject({ $metadata: {} });
    await expect(runAs(byId('deleteUser'), () => s3.send(new DeleteObjectCommand(object)))).resolves.toBeDefined();
    await expect(runAs(byId('deleteUser'), () => s3.send(store))).rejects.toThrow(/deleteUser may not s3:PutObject/);
    await expect(
      runAs(byId('generateInvitation'), () => s3.send(new GetObjectCommand({ ...object, Bucket: 'elsewhere' }))),
    ).rejects.toThrow(/s3:GetObject on elsewhere/);
  });
});

/** An SDK client whose calls stop right after the emulated IAM check, answering 'sent'. */
function stopAfterCheck<T extends { middlewareStack: { add: (...args: never[]) => void } }>(sdkClient: T): T {
  (sdkClient.middlewareStack.add as (...args: unknown[]) => void)(
    () => async () => ({ output: { sent: true }, response: {} }),
    { step: 'initialize', name: 'stopHere', priority: 'low' },
  );
  return sdkClient;
}
const credentials = { accessKeyId: 'a', secretAccessKey: 'b' };

describe('local IAM emulation of the report embedding', () => {
  afterEach(() => vi.unstubAllEnvs());
  const anonymous = new GenerateEmbedUrlForAnonymousUserCommand({
    AwsAccountId: '123456789012',
    Namespace: 'default',
    AuthorizedResourceArns: [],
    ExperienceConfiguration: {},
  });

  it('lets getReport generate anonymous embed URLs of the configured account and dashboard prefix only', async () => {
    vi.stubEnv('QUICKSIGHT_ACCOUNT_ID', '123456789012');
    const quickSight = new QuickSightClient({ region: 'us-east-1', credentials });
    enforceOn('quicksight', quickSight as never);
    stopAfterCheck(quickSight);
    const getReport = byId('getReport');
    await expect(runAs(getReport, () => quickSight.send(anonymous))).resolves.toMatchObject({ sent: true });
    const registered = new GenerateEmbedUrlForRegisteredUserCommand({
      AwsAccountId: '123456789012',
      UserArn: 'arn:aws:quicksight:us-east-1:123456789012:user/default/someone',
      ExperienceConfiguration: {},
    });
    await expect(runAs(getReport, () => quickSight.send(registered))).rejects.toThrow(
      /getReport may not quicksight:GenerateEmbedUrlForRegisteredUser/,
    );
    const otherAccount = new GenerateEmbedUrlForAnonymousUserCommand({
      ...anonymous.input,
      AwsAccountId: '999999999999',
    });
    await expect(runAs(getReport, () => quickSight.send(otherAccount))).rejects.toThrow(/in 999999999999/);
    // A deployment's dashboard id prefix bounds the dashboards, as its IAM grant does.
    vi.stubEnv('QUICKSIGHT_DASHBOARD_PREFIX', 'portal-');
    const arn = (id: string) => `arn:aws:quicksight:us-east-1:123456789012:dashboard/${id}`;
    const inPrefix = new GenerateEmbedUrlForAnonymousUserCommand({
      ...anonymous.input,
      AuthorizedResourceArns: [arn('portal-ventas')],
    });
    const outside = new GenerateEmbedUrlForAnonymousUserCommand({
      ...anonymous.input,
      AuthorizedResourceArns: [arn('otra-firma')],
    });
    await expect(runAs(getReport, () => quickSight.send(inPrefix))).resolves.toMatchObject({ sent: true });
    await expect(runAs(getReport, () => quickSight.send(outside))).rejects.toThrow(/on dashboard\/otra-firma/);
    await expect(runAs(byId('listReports'), () => quickSight.send(anonymous))).rejects.toThrow(
      /listReports may not quicksight:GenerateEmbedUrlForAnonymousUser/,
    );
  });

  it('refuses QuickSight altogether where it is not configured (the local stack)', async () => {
    vi.stubEnv('QUICKSIGHT_ACCOUNT_ID', '');
    const quickSight = stopAfterCheck(new QuickSightClient({ region: 'us-east-1', credentials }));
    enforceOn('quicksight', quickSight as never);
    await expect(runAs(byId('getReport'), () => quickSight.send(anonymous))).rejects.toThrow(/AccessDenied|may not/);
  });

  it('lets getReport read exactly the Power BI secret parameter, on every SSM client it makes', async () => {
    vi.stubEnv('POWERBI_SECRET_PARAMETER', '/portal/powerbi-secret');
    class LocalSsm extends SSMClient {}
    enforceOnEveryInstance('ssm', LocalSsm.prototype as never);
    const ssm = stopAfterCheck(new LocalSsm({ region: 'us-east-1', credentials }));
    const read = (name: string) => new GetParameterCommand({ Name: name, WithDecryption: true });
    await expect(runAs(byId('getReport'), () => ssm.send(read('/portal/powerbi-secret')))).resolves.toMatchObject({
      sent: true,
    });
    await expect(runAs(byId('getReport'), () => ssm.send(read('/portal/other')))).rejects.toThrow(
      /ssm:GetParameter on \/portal\/other/,
    );
    await expect(runAs(byId('getReportDashboard'), () => ssm.send(read('/portal/powerbi-secret')))).rejects.toThrow(
      /getReportDashboard may not ssm:GetParameter/,
    );
  });
});

// Last: the installation also patches the QuickSight and SSM client classes for the rest of the file.
describe("the local stack's installation", () => {
  it("checks the functions' shared DynamoDB client: a refused call fails before it leaves the process", async () => {
    await installIamEmulation();
    const { dynamo } = await import('../functions/lib/aws/dynamo');
    const network = vi.spyOn(globalThis, 'fetch');
    const read = new GetCommand({ TableName: 't', Key: { pk: 'USER#1', sk: 'USER' } });
    await expect(runAs(byId('getHealth'), () => dynamo.send(read))).rejects.toThrow(
      /getHealth may not dynamodb:GetItem on USER#1/,
    );
    expect(network).not.toHaveBeenCalled();
    network.mockRestore();
  });

  it("checks the functions' shared Cognito, SES and S3 clients too", async () => {
    await installIamEmulation();
    const [{ cognito }, { ses }, { s3 }] = await Promise.all([
      import('../functions/lib/aws/cognito'),
      import('../functions/lib/aws/ses'),
      import('../functions/lib/aws/s3'),
    ]);
    const network = vi.spyOn(globalThis, 'fetch');
    const health = byId('getHealth');
    await expect(
      runAs(health, () => cognito.send(new AdminDeleteUserCommand({ UserPoolId: 'p', Username: 'u' }))),
    ).rejects.toThrow(/getHealth may not cognito-idp:AdminDeleteUser/);
    await expect(
      runAs(health, () => ses.send(new SendEmailCommand({ Destination: { ToAddresses: ['a@b.cl'] }, Content: {} }))),
    ).rejects.toThrow(/getHealth may not ses:SendEmail/);
    await expect(
      runAs(health, () => s3.send(new GetObjectCommand({ Bucket: 'portal-assets', Key: 'k' }))),
    ).rejects.toThrow(/getHealth may not s3:GetObject/);
    expect(network).not.toHaveBeenCalled();
    network.mockRestore();
  });
});
