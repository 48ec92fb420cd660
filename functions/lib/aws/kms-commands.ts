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
 * The two KMS calls of the portal's own tokens (functions/lib/auth/portal-tokens.ts): Sign of a token's digest with
 * the asymmetric signing key, and GetPublicKey to verify them. KMS's JSON 1.1 protocol on the shared signed-fetch core
 * (aws-client.ts), shaped as the SDK's commands; binary values travel as base64 strings.
 */
export const KMS: AwsService = {
  signingName: 'kms',
  endpointId: 'KMS',
  endpoint: (region) => `https://kms.${region}.amazonaws.com`,
  errorOf: jsonError,
};

export interface SignOutput extends MetadataBearer {
  /** The signature, base64. */
  Signature?: string;
}

export class SignCommand implements AwsCommand<SignOutput> {
  readonly operation = 'Sign';
  constructor(
    readonly input: {
      KeyId: string;
      /** The message's SHA-256, base64 (MessageType DIGEST). */
      Message: string;
      MessageType: 'DIGEST';
      SigningAlgorithm: 'RSASSA_PKCS1_V1_5_SHA_256';
    },
  ) {}
  toRequest(endpoint: URL) {
    return jsonRpcRequest(endpoint, '1.1', 'TrentService.Sign', this.input);
  }
  fromAnswer({ body, metadata }: WireAnswer): SignOutput {
    return { ...readJson(body), $metadata: metadata } as SignOutput;
  }
}

export interface GetPublicKeyOutput extends MetadataBearer {
  /** The public key, DER-encoded SubjectPublicKeyInfo, base64. */
  PublicKey?: string;
  KeyId?: string;
}

export class GetPublicKeyCommand implements AwsCommand<GetPublicKeyOutput> {
  readonly operation = 'GetPublicKey';
  constructor(readonly input: { KeyId: string }) {}
  toRequest(endpoint: URL) {
    return jsonRpcRequest(endpoint, '1.1', 'TrentService.GetPublicKey', this.input);
  }
  fromAnswer({ body, metadata }: WireAnswer): GetPublicKeyOutput {
    return { ...readJson(body), $metadata: metadata } as GetPublicKeyOutput;
  }
}
