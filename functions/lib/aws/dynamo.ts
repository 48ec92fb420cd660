import { DynamoClient } from './dynamo-client';

/**
 * Module scope: one client per container, reused across invocations. The light client of dynamo-client.ts,
 * sending the commands of dynamo-commands.ts; endpoint from AWS_ENDPOINT_URL_DYNAMODB locally.
 */
export const dynamo = /* @__PURE__ */ new DynamoClient();
