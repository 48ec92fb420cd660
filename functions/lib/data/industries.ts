import { dynamo } from '../aws/dynamo';
import { QueryCommand } from '../aws/dynamo-commands';
import { config } from '../config';
import { conflict } from '../errors';
import type { IndustryRecord } from './societies';
import { keys, strip } from './table';
import type { TxWrite } from './tx-write';

/** Every industry (a short, portal-wide list under one partition: one Query), in creation order. */
export async function readIndustries(): Promise<IndustryRecord[]> {
  const { Items = [] } = await dynamo.send(
    new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.industry('').pk },
    }),
  );
  return (Items.map(strip) as unknown as IndustryRecord[]).sort((a, b) => a.position - b.position);
}

/** Renames an industry only if nobody renamed it since it was read. */
export const renameIndustryWrite = (uuid: string, oldName: string, name: string): TxWrite => ({
  write: {
    Update: {
      TableName: config.tableName,
      Key: keys.industry(uuid),
      UpdateExpression: 'SET industry = :name',
      ConditionExpression: 'industry = :old',
      ExpressionAttributeValues: { ':name': name, ':old': oldName },
    },
  },
  onConditionFail: () => conflict('DATA_CONFLICT'),
});
