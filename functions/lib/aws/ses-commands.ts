import type { SendEmailCommandInput } from '@aws-sdk/client-sesv2';
import {
  type AwsCommand,
  type AwsService,
  jsonError,
  type MetadataBearer,
  readJson,
  toJson,
  under,
  type WireAnswer,
} from './aws-client';

/**
 * SES v2's SendEmail through `ses` (ses.ts): its REST-JSON protocol on the shared signed-fetch core (aws-client.ts)
 * instead of the SDK's client. The input is the SDK's type; attachments' bytes travel as base64.
 */
export const SESV2: AwsService = {
  signingName: 'ses',
  endpointId: 'SESV2',
  endpoint: (region) => `https://email.${region}.amazonaws.com`,
  errorOf: jsonError,
};

export class SendEmailCommand implements AwsCommand<MetadataBearer & { MessageId?: string }> {
  readonly operation = 'SendEmail';
  constructor(readonly input: SendEmailCommandInput) {}
  toRequest(endpoint: URL) {
    return {
      method: 'POST' as const,
      url: under(endpoint, '/v2/email/outbound-emails'),
      headers: { 'content-type': 'application/json' },
      body: toJson(this.input),
    };
  }
  fromAnswer({ body, metadata }: WireAnswer) {
    return { MessageId: readJson(body).MessageId as string | undefined, $metadata: metadata };
  }
}
