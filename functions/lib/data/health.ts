import { dynamo } from '../aws/dynamo';
import { GetCommand } from '../aws/dynamo-commands';
import { config } from '../config';

/**
 * The key the health check reads. The item need not exist: a GetItem that answers (found or not) proves the table
 * takes data-plane requests. Its role may read only this partition (infra/permissions.ts).
 */
export const HEALTH_KEY = { pk: 'HEALTH', sk: 'HEALTH' } as const;

/**
 * One eventually consistent GetItem (half a read unit, the data plane's limits), not DescribeTable, a control-plane
 * call whose low account-wide rate limit a busy health check would exhaust.
 */
export async function tableAnswers(): Promise<void> {
  await dynamo.send(new GetCommand({ TableName: config.tableName, Key: HEALTH_KEY, ConsistentRead: false }));
}
