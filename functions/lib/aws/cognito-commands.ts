import type {
  AdminCreateUserCommandInput,
  AdminDeleteUserCommandInput,
  AdminInitiateAuthCommandInput,
  AdminInitiateAuthCommandOutput,
  AdminSetUserPasswordCommandInput,
  AdminUpdateUserAttributesCommandInput,
  AdminUserGlobalSignOutCommandInput,
  RevokeTokenCommandInput,
} from '@aws-sdk/client-cognito-identity-provider';
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
 * The Cognito user pool calls the functions make, through `cognito` (cognito.ts): Cognito's JSON 1.1 protocol on the
 * shared signed-fetch core (aws-client.ts) instead of the SDK's client. Inputs are the SDK's types; answers
 * are Cognito's JSON as it comes (no Date conversion: the functions read only the tokens). Errors keep Cognito's names
 * (NotAuthorizedException, UserNotFoundException, UsernameExistsException, ...), as `name` of an AwsError.
 */
export const COGNITO: AwsService = {
  signingName: 'cognito-idp',
  endpointId: 'COGNITO_IDENTITY_PROVIDER',
  endpoint: (region) => `https://cognito-idp.${region}.amazonaws.com`,
  errorOf: jsonError,
};

abstract class CognitoRequest<Input extends object, Output extends MetadataBearer = MetadataBearer>
  implements AwsCommand<Output>
{
  abstract readonly operation: string;
  constructor(readonly input: Input) {}
  toRequest(endpoint: URL) {
    return jsonRpcRequest(endpoint, '1.1', `AWSCognitoIdentityProviderService.${this.operation}`, this.input);
  }
  fromAnswer({ body, metadata }: WireAnswer): Output {
    return { ...readJson(body), $metadata: metadata } as Output;
  }
}

export class AdminInitiateAuthCommand extends CognitoRequest<
  AdminInitiateAuthCommandInput,
  Pick<AdminInitiateAuthCommandOutput, 'AuthenticationResult' | 'ChallengeName' | 'Session'> & MetadataBearer
> {
  readonly operation = 'AdminInitiateAuth';
}

export class AdminCreateUserCommand extends CognitoRequest<AdminCreateUserCommandInput> {
  readonly operation = 'AdminCreateUser';
}

export class AdminSetUserPasswordCommand extends CognitoRequest<AdminSetUserPasswordCommandInput> {
  readonly operation = 'AdminSetUserPassword';
}

export class AdminUpdateUserAttributesCommand extends CognitoRequest<AdminUpdateUserAttributesCommandInput> {
  readonly operation = 'AdminUpdateUserAttributes';
}

export class AdminDeleteUserCommand extends CognitoRequest<AdminDeleteUserCommandInput> {
  readonly operation = 'AdminDeleteUser';
}

export class AdminUserGlobalSignOutCommand extends CognitoRequest<AdminUserGlobalSignOutCommandInput> {
  readonly operation = 'AdminUserGlobalSignOut';
}

/** Authorized by the app client and the token itself: unsigned, as the SDK sends it (no IAM action). */
export class RevokeTokenCommand extends CognitoRequest<RevokeTokenCommandInput> {
  readonly operation = 'RevokeToken';
  readonly unsigned = true;
}
