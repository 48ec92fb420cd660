import { dynamo } from '../aws/dynamo';
import { DeleteCommand, GetCommand, UpdateCommand } from '../aws/dynamo-commands';
import { config } from '../config';
import { epochSeconds } from './table';
import type { TxWrite } from './tx-write';

/**
 * The ledger of a scheduled mail job (the document digest, the message notice, the request reminders): a state item
 * saying up to which period every mail was handled, and one claim per mail, put on a condition in the transaction that
 * spends the firm's quota before the mail goes, so a run repeated or retried mails nobody twice. Claims expire (TTL)
 * after the job's retention.
 */
interface Key {
  pk: string;
  sk: string;
}

export function mailClaims<A extends string[]>(ledger: {
  /** The state item's partition. */
  state: string;
  /** A mail's claim key from its parts (person, firm, period…). */
  claimKey: (...parts: A) => Key;
  retentionDays: number;
}) {
  const stateKey = { pk: ledger.state, sk: 'STATE' };
  const expiry = () => epochSeconds() + ledger.retentionDays * 86_400;

  return {
    /** The last period whose mails were all handled, if any run finished one. */
    async doneThrough(): Promise<string | undefined> {
      const { Item } = await dynamo.send(
        new GetCommand({ TableName: config.tableName, Key: stateKey, ConsistentRead: true }),
      );
      return Item?.through as string | undefined;
    },

    /** Moves the state forward only (two runs at once cannot move it back). */
    async markDoneThrough(period: string): Promise<void> {
      try {
        await dynamo.send(
          new UpdateCommand({
            TableName: config.tableName,
            Key: stateKey,
            UpdateExpression: 'SET through = :period',
            ConditionExpression: 'attribute_not_exists(through) OR through < :period',
            ExpressionAttributeValues: { ':period': period },
          }),
        );
      } catch (error) {
        if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
      }
    },

    /** Claims one mail, for the transaction that spends the quota; a claim already there fails it (`onTaken`). */
    claimWrite(parts: A, onTaken: () => Error): TxWrite {
      return {
        write: {
          Put: {
            TableName: config.tableName,
            Item: { ...ledger.claimKey(...parts), state: 'CLAIMED', expires_at: expiry() },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        onConditionFail: onTaken as TxWrite['onConditionFail'],
      };
    },

    /** Records the mail's outcome on its claim: SENT, or SUPPRESSED (the address is on the suppression list). */
    async record(parts: A, state: 'SENT' | 'SUPPRESSED'): Promise<void> {
      await dynamo.send(
        new UpdateCommand({
          TableName: config.tableName,
          Key: ledger.claimKey(...parts),
          UpdateExpression: 'SET #state = :state',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':state': state },
        }),
      );
    },

    /** Gives a claim back: SES refused the mail outright (nothing went), so a retry may send it. */
    async release(parts: A): Promise<void> {
      await dynamo.send(
        new DeleteCommand({
          TableName: config.tableName,
          Key: ledger.claimKey(...parts),
          ConditionExpression: '#state = :claimed',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':claimed': 'CLAIMED' },
        }),
      );
    },
  };
}
