import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { contracts } from '../shared/contracts';
import type { Contract } from '../shared/contracts/define';
import { enforceOn, runAs } from './iam-emulation';

/** A document client whose calls stop right after the emulated IAM check (no network), answering 'sent'. */
function client() {
  const dynamo = DynamoDBDocumentClient.from(
    new DynamoDBClient({ region: 'local', credentials: { accessKeyId: 'a', secretAccessKey: 'b' } }),
  );
  enforceOn('dynamodb', dynamo as never);
  dynamo.middlewareStack.add(() => async () => ({ output: { sent: true }, response: {} }) as never, {
    step: 'initialize',
    name: 'stopHere',
    priority: 'low',
  });
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
