import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { getHealth } from '../../shared/contracts/health';
import { dynamo } from '../lib/aws/dynamo';
import { config } from '../lib/config';
import { httpHandler } from '../lib/http/http-handler';

/**
 * The key the check reads. The item need not exist: a GetItem that answers (found or not) proves the table takes
 * data-plane requests. Its role may read only this partition (infra/permissions.ts).
 */
export const HEALTH_KEY = { pk: 'HEALTH', sk: 'HEALTH' } as const;

/**
 * GET api/v1/health/: answers ok once the table answers a read. A GetItem, eventually consistent (half a read unit,
 * the data plane's limits), not DescribeTable, a control-plane call whose low account-wide rate limit a busy health
 * check would exhaust (issue 8).
 */
export const handler = httpHandler(getHealth, async () => {
  await dynamo.send(new GetCommand({ TableName: config.tableName, Key: HEALTH_KEY, ConsistentRead: false }));
  return { status: 'ok' as const, time: new Date().toISOString() };
});
