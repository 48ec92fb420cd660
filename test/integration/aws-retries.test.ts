import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DynamoClient } from '../../functions/lib/aws/dynamo-client';
import { TransactWriteCommand } from '../../functions/lib/aws/dynamo-commands';
import { tableAccess } from '../helpers/db';

/**
 * A transaction whose answer is lost after DynamoDB committed it (the connection drops on the way back) is retried by
 * the client; against DynamoDB Local, the retry must find the transaction done, not apply it again nor fail its own
 * conditions. The functions' client is used with a transport that drops the first answer after the real exchange.
 */
describe('a retried transaction is applied once', () => {
  it('an answer lost after the commit: the retry succeeds, the counter moved once, the unique marker holds', async () => {
    const { dynamo: sdk, lib, tableName } = await tableAccess();
    const id = randomUUID();
    const marker = { pk: `TEST#IDEMPOTENCY#${id}`, sk: 'MARKER' };
    const counter = { pk: `TEST#IDEMPOTENCY#${id}`, sk: 'COUNTER' };
    let exchanges = 0;
    const losingFirstAnswer = async (url: string | URL | Request, init?: RequestInit) => {
      const response = await fetch(url, init);
      exchanges += 1;
      if (exchanges > 1) return response;
      await response.arrayBuffer(); // DynamoDB committed and answered; the answer never arrives
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }),
      });
    };
    const client = new DynamoClient({ fetch: losingFirstAnswer as typeof fetch });
    const transaction = () =>
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName, Item: marker, ConditionExpression: 'attribute_not_exists(pk)' } },
          {
            Update: {
              TableName: tableName,
              Key: counter,
              UpdateExpression: 'ADD n :one',
              ExpressionAttributeValues: { ':one': 1 },
            },
          },
        ],
      });

    const answer = await client.send(transaction());
    expect(answer.$metadata.attempts).toBe(2);
    const { Item } = await sdk.send(new lib.GetCommand({ TableName: tableName, Key: counter, ConsistentRead: true }));
    expect(Item?.n).toBe(1);

    // The same writes as a new call (a new token) are a new transaction: its condition refuses it, as it should.
    await expect(client.send(transaction())).rejects.toMatchObject({
      name: 'TransactionCanceledException',
      CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }],
    });
    await sdk.send(new lib.DeleteCommand({ TableName: tableName, Key: marker }));
    await sdk.send(new lib.DeleteCommand({ TableName: tableName, Key: counter }));
  });
});
