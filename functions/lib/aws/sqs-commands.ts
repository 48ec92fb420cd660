import {
  type AwsCommand,
  type AwsService,
  jsonError,
  jsonRpcRequest,
  type MetadataBearer,
  readJson,
  type WireAnswer,
} from './aws-client';

/**
 * The one SQS call the functions make (invitation mails of a CSV import wait in a queue): SQS's JSON 1.0
 * protocol on the shared signed-fetch core (aws-client.ts), shaped as the SDK's SendMessageBatch.
 */
export const SQS: AwsService = {
  signingName: 'sqs',
  endpointId: 'SQS',
  endpoint: (region) => `https://sqs.${region}.amazonaws.com`,
  errorOf: jsonError,
};

export interface SendMessageBatchInput {
  QueueUrl: string;
  /** At most 10 entries, each Id unique within the batch. */
  Entries: Array<{ Id: string; MessageBody: string }>;
}

export interface SendMessageBatchOutput extends MetadataBearer {
  Successful?: Array<{ Id: string; MessageId: string }>;
  Failed?: Array<{ Id: string; Code: string; Message?: string; SenderFault: boolean }>;
}

export class SendMessageBatchCommand implements AwsCommand<SendMessageBatchOutput> {
  readonly operation = 'SendMessageBatch';
  constructor(readonly input: SendMessageBatchInput) {}
  toRequest(endpoint: URL) {
    return jsonRpcRequest(endpoint, '1.0', 'AmazonSQS.SendMessageBatch', this.input);
  }
  fromAnswer({ body, metadata }: WireAnswer): SendMessageBatchOutput {
    return { ...readJson(body), $metadata: metadata } as SendMessageBatchOutput;
  }
}
