import {
  GenerateEmbedUrlForAnonymousUserCommand,
  GenerateEmbedUrlForRegisteredUserCommand,
  QuickSightClient,
} from '@aws-sdk/client-quicksight';
import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DynamoClient } from '../functions/lib/aws/dynamo-client';
import { GetCommand, PutCommand, TransactWriteCommand } from '../functions/lib/aws/dynamo-commands';
import { contracts } from '../shared/contracts';
import type { Contract } from '../shared/contracts/define';
import { enforceOn, enforceOnEveryInstance, enforceOnTable, installIamEmulation, runAs } from './iam-emulation';

/** The functions' DynamoDB client with the check, answering 'sent' to whatever passes it (no network). */
function client() {
  const sent = async () => new Response(JSON.stringify({ sent: true }));
  const dynamo = new DynamoClient({ fetch: sent });
  enforceOnTable(dynamo);
  return dynamo;
}

const byId = (id: string) => contracts.find((c) => c.id === id) as Contract;
const put = (pk: string) => new PutCommand({ TableName: 't', Item: { pk, sk: 'X' } });

describe('local IAM emulation (infra/permissions.ts applied to the shared SDK clients)', () => {
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

/** An SDK client whose calls stop right after the emulated IAM check, answering 'sent'. */
function stopAfterCheck<T extends { middlewareStack: { add: (...args: never[]) => void } }>(sdkClient: T): T {
  (sdkClient.middlewareStack.add as (...args: unknown[]) => void)(
    () => async () => ({ output: { sent: true }, response: {} }),
    { step: 'initialize', name: 'stopHere', priority: 'low' },
  );
  return sdkClient;
}
const credentials = { accessKeyId: 'a', secretAccessKey: 'b' };

describe('local IAM emulation of the report embedding (issue 11)', () => {
  afterEach(() => vi.unstubAllEnvs());
  const anonymous = new GenerateEmbedUrlForAnonymousUserCommand({
    AwsAccountId: '123456789012',
    Namespace: 'default',
    AuthorizedResourceArns: [],
    ExperienceConfiguration: {},
  });

  it('lets getReport generate embed URLs of the configured mode and account only', async () => {
    vi.stubEnv('QUICKSIGHT_ACCOUNT_ID', '123456789012');
    vi.stubEnv('QUICKSIGHT_MODE', 'ANONYMOUS');
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
});
