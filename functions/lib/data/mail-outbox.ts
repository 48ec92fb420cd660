import { randomUUID } from 'node:crypto';
import { dynamo } from '../aws/dynamo';
import { DeleteCommand, PutCommand, QueryCommand } from '../aws/dynamo-commands';
import { config } from '../config';
import { nowIso } from './table';

/**
 * The local stand-in of the mail queue: with no SQS in the local stack, a queued mail is an item of one
 * partition, oldest first, which local/mail-worker.ts drains into the same worker the SQS queue feeds in AWS
 * (functions/registration/invitation-mail-worker.ts). Never used where MAIL_QUEUE_URL is set.
 */
const PARTITION = 'OUTBOX#MAIL';

export interface OutboxMessage {
  /** The outbox item's sort key, its receipt for `takeOutboxMessage`. */
  id: string;
  body: string;
}

export async function putOutboxMessages(bodies: readonly string[]): Promise<void> {
  const at = nowIso();
  for (const [index, body] of bodies.entries()) {
    await dynamo.send(
      new PutCommand({
        TableName: config.tableName,
        Item: { pk: PARTITION, sk: `${at}#${String(index).padStart(5, '0')}#${randomUUID()}`, body },
      }),
    );
  }
}

/** The oldest messages waiting, at most `limit`. */
export async function peekOutbox(limit: number): Promise<OutboxMessage[]> {
  const { Items = [] } = await dynamo.send(
    new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': PARTITION },
      Limit: limit,
      ConsistentRead: true,
    }),
  );
  return Items.map((item) => ({ id: item.sk as string, body: item.body as string }));
}

/** Removes a message before it is handled; false when another drain took it first. */
export async function takeOutboxMessage(id: string): Promise<boolean> {
  try {
    await dynamo.send(
      new DeleteCommand({
        TableName: config.tableName,
        Key: { pk: PARTITION, sk: id },
        ConditionExpression: 'attribute_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}
