import { AwsError } from '../aws/aws-client';
import { cognito } from '../aws/cognito';
import { AdminCreateUserCommand, AdminDeleteUserCommand, AdminSetUserPasswordCommand } from '../aws/cognito-commands';
import { config } from '../config';

/**
 * Identities live in Cognito under the portal's user uuid as user name, so tokens name the user record directly and an
 * e-mail change never touches Cognito. No invitation mail from Cognito: the portal sends its own through SES.
 */
export async function createIdentity(uuid: string, email: string, password: string): Promise<void> {
  try {
    await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: config.userPoolId,
        Username: uuid,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
  } catch (error) {
    // The name is a uuid made for this call, so after a first attempt whose answer was lost (Cognito takes no
    // idempotency token) 'exists' is that attempt's identity: it is ours, and the password below completes it.
    if (!(error instanceof AwsError && error.name === 'UsernameExistsException' && error.$metadata.attempts > 1))
      throw error;
  }
  await setPassword(uuid, password);
}

export async function setPassword(uuid: string, password: string): Promise<void> {
  await cognito.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: config.userPoolId,
      Username: uuid,
      Password: password,
      Permanent: true,
    }),
  );
}

/** Deletes an identity; one already gone is no error (a retry, or the sweeper came first). */
export async function deleteIdentity(uuid: string): Promise<void> {
  try {
    await cognito.send(new AdminDeleteUserCommand({ UserPoolId: config.userPoolId, Username: uuid }));
  } catch (error) {
    if ((error as Error).name !== 'UserNotFoundException') throw error;
  }
}
