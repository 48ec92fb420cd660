import { AwsClient, type AwsClientOptions, type AwsService, jsonError } from './aws-client';

/**
 * The light DynamoDB client ("Lighter code on the wire"): DynamoDB's JSON 1.0 protocol through the shared
 * signed-fetch core (aws-client.ts), instead of the AWS SDK's client (~170 KB of every function's bundle). The commands
 * it sends, with their (un)marshalling, are in dynamo-commands.ts; the one shared instance is `dynamo` (dynamo.ts).
 */
export const DYNAMODB: AwsService = {
  signingName: 'dynamodb',
  endpointId: 'DYNAMODB',
  endpoint: (region) => `https://dynamodb.${region}.amazonaws.com`,
  errorOf: jsonError,
  // The SDK's DynamoDB client makes 4 attempts from a 25 ms base (others 3 from 50 ms).
  maxAttempts: 4,
  baseDelayMs: 25,
};

export class DynamoClient extends AwsClient {
  constructor(options: AwsClientOptions = {}) {
    super(DYNAMODB, options);
  }
}
