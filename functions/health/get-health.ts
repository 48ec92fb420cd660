import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { getHealth } from '../../shared/contracts/health';
import { dynamo } from '../lib/aws/dynamo';
import { config } from '../lib/config';
import { httpHandler } from '../lib/http/http-handler';

/** GET api/v1/health/: answers ok once the table answers. */
export const handler = httpHandler(getHealth, async () => {
  await dynamo.send(new DescribeTableCommand({ TableName: config.tableName }));
  return { status: 'ok' as const, time: new Date().toISOString() };
});
