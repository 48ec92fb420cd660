import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';

/**
 * Endpoint comes from AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER locally. Marked pure: a bundle that never calls
 * Cognito leaves the client out (issue 9; every function imports auth code that could).
 */
export const cognito = /* @__PURE__ */ new CognitoIdentityProviderClient({});
