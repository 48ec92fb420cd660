import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** Module scope: one client per container, reused across invocations. Endpoint comes from AWS_ENDPOINT_URL_DYNAMODB locally. */
export const dynamo = /* @__PURE__ */ DynamoDBDocumentClient.from(/* @__PURE__ */ new DynamoDBClient({}), {
  marshallOptions: { removeUndefinedValues: true },
});
