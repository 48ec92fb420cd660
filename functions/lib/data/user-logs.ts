import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/dynamo';
import { config } from '../config';
import { keys, nowIso } from './table';

/** Session (login, logout) and browsing logs, kept under the user's partition in time order. */
export async function writeUserLog(
  userUuid: string,
  kind: 'SESSION' | 'BROWSING',
  fields: Record<string, string | undefined>,
): Promise<void> {
  const at = nowIso();
  await dynamo.send(
    new PutCommand({
      TableName: config.tableName,
      Item: { ...keys.userLog(userUuid, kind, at, randomUUID()), user_uuid: userUuid, kind, created: at, ...fields },
    }),
  );
}
