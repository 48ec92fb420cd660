import { dynamo } from '../aws/dynamo';
import { GetCommand } from '../aws/dynamo-commands';
import { config } from '../config';
import { type ApiError, conflict } from '../errors';
import type { TxWrite } from './tx-write';

/** The few write shapes every admin change uses, so each domain module reads as its rules, not as request syntax. */
export const putNew = (Item: Record<string, unknown>, onConditionFail?: () => ApiError): TxWrite => ({
  write: { Put: { TableName: config.tableName, Item, ConditionExpression: 'attribute_not_exists(pk)' } },
  onConditionFail,
});

/** Replaces an item only if nobody changed it since it was read (optimistic locking on version). */
export const putVersioned = (Item: Record<string, unknown>, readVersion: number): TxWrite => ({
  write: {
    Put: {
      TableName: config.tableName,
      Item,
      ConditionExpression: 'version = :version',
      ExpressionAttributeValues: { ':version': readVersion },
    },
  },
  onConditionFail: () => conflict('DATA_CONFLICT'),
});

export const deleteKey = (Key: { pk: string; sk: string }): TxWrite => ({
  write: { Delete: { TableName: config.tableName, Key } },
});

/** Adds to a counter of an existing parent; a parent deleted meanwhile fails the transaction. */
export const bumpCounter = (Key: { pk: string; sk: string }, counter: string, by: number): TxWrite => ({
  write: {
    Update: {
      TableName: config.tableName,
      Key,
      UpdateExpression: 'ADD #counter :by',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#counter': counter },
      ExpressionAttributeValues: { ':by': by },
    },
  },
  onConditionFail: () => conflict('DATA_CONFLICT'),
});

/**
 * Appends a member to an entity's list (group admins, society users...) and bumps its version, so an edit form read
 * before the append fails with DATA_CONFLICT instead of silently dropping the new member.
 */
export const appendMember = (Key: { pk: string; sk: string }, field: string, userUuid: string): TxWrite => ({
  write: {
    Update: {
      TableName: config.tableName,
      Key,
      UpdateExpression: 'SET #field = list_append(#field, :user), version = version + :one',
      ConditionExpression: 'attribute_exists(pk) AND NOT contains(#field, :id)',
      ExpressionAttributeNames: { '#field': field },
      ExpressionAttributeValues: { ':user': [userUuid], ':id': userUuid, ':one': 1 },
    },
  },
  onConditionFail: () => conflict('DATA_CONFLICT'),
});

/** A condition of a write: its expression and the names and values it uses. */
export interface Condition {
  expression: string;
  names?: Record<string, string>;
  values?: Record<string, unknown>;
}

/** A condition as a request's expression fields. */
const conditionFields = (condition: Condition) => ({
  ConditionExpression: condition.expression,
  ...(condition.names && { ExpressionAttributeNames: condition.names }),
  ...(condition.values && { ExpressionAttributeValues: condition.values }),
});

/** Deletes an item only while the condition holds (a delete's refusal rules and the version read). */
export const deleteWhen = (
  Key: { pk: string; sk: string },
  condition: Condition,
  onConditionFail?: () => ApiError,
): TxWrite => ({
  write: {
    Delete: {
      TableName: config.tableName,
      Key,
      ...conditionFields(condition),
    },
  },
  onConditionFail,
});

/** Fails the transaction unless the condition holds on an item it does not otherwise write. */
export const checkWhen = (
  Key: { pk: string; sk: string },
  condition: Condition,
  onConditionFail?: () => ApiError,
): TxWrite => ({
  write: {
    ConditionCheck: {
      TableName: config.tableName,
      Key,
      ...conditionFields(condition),
    },
  },
  onConditionFail,
});

/** Removes a member from an entity's list at the position read, bumping its version (a concurrent change fails). */
export const removeMemberAt = (
  Key: { pk: string; sk: string },
  field: string,
  index: number,
  userUuid: string,
): TxWrite => ({
  write: {
    Update: {
      TableName: config.tableName,
      Key,
      UpdateExpression: `REMOVE #field[${index}] SET version = version + :one`,
      ConditionExpression: `#field[${index}] = :id`,
      ExpressionAttributeNames: { '#field': field },
      ExpressionAttributeValues: { ':id': userUuid, ':one': 1 },
    },
  },
  onConditionFail: () => conflict('DATA_CONFLICT'),
});

/** The owner of a uniqueness marker (an e-mail's user, a project name's project...), or undefined. */
export async function markerOwner(key: { pk: string; sk: string }): Promise<string | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: config.tableName, Key: key, ProjectionExpression: 'owner_uuid' }),
  );
  return Item?.owner_uuid as string | undefined;
}
