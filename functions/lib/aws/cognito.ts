import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';

/** Endpoint comes from AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER locally. */
export const cognito = /* @__PURE__ */ new CognitoIdentityProviderClient({});
