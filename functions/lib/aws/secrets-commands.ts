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
 * The one Secrets Manager call the functions make (the second factor's key, read once per cold start): its JSON 1.1
 * protocol on the shared signed-fetch core (aws-client.ts), shaped as the SDK's GetSecretValue.
 */
export const SECRETS_MANAGER: AwsService = {
  signingName: 'secretsmanager',
  endpointId: 'SECRETS_MANAGER',
  endpoint: (region) => `https://secretsmanager.${region}.amazonaws.com`,
  errorOf: jsonError,
};

export interface GetSecretValueOutput extends MetadataBearer {
  SecretString?: string;
}

export class GetSecretValueCommand implements AwsCommand<GetSecretValueOutput> {
  readonly operation = 'GetSecretValue';
  constructor(readonly input: { SecretId: string }) {}
  toRequest(endpoint: URL) {
    return jsonRpcRequest(endpoint, '1.1', 'secretsmanager.GetSecretValue', this.input);
  }
  fromAnswer({ body, metadata }: WireAnswer): GetSecretValueOutput {
    return { ...readJson(body), $metadata: metadata } as GetSecretValueOutput;
  }
}
