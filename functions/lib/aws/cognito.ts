import { AwsClient } from './aws-client';
import { COGNITO } from './cognito-commands';

/**
 * The functions' Cognito client: the light client of aws-client.ts, sending the commands of
 * cognito-commands.ts; endpoint from AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER locally (cognito-local). Marked pure:
 * a bundle that never calls Cognito leaves it out (every function imports auth code that could).
 */
export const cognito = /* @__PURE__ */ new AwsClient(COGNITO);
