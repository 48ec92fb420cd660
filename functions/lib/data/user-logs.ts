import { randomUUID } from 'node:crypto';
import type { SignInMethod } from '../../../shared/second-factor';
import { dynamo } from '../aws/dynamo';
import { PutCommand } from '../aws/dynamo-commands';
import { config } from '../config';
import { keys, nowIso } from './table';

/** Session (login, logout) and browsing logs, kept under the user's partition in time order. */
export async function writeUserLog(
  userUuid: string,
  kind: 'SESSION' | 'BROWSING',
  fields: Record<string, string | undefined>,
): Promise<void> {
  const at = nowIso();
  await dynamo.send(
    new PutCommand({
      TableName: config.tableName,
      Item: { ...keys.userLog(userUuid, kind, at, randomUUID()), user_uuid: userUuid, kind, created: at, ...fields },
    }),
  );
}

/**
 * The security events of an account ("Audit"): sign-ins and their refusals, logouts, refused refreshes,
 * registration, password change and reset. Under the user when there is one, else under the e-mail that was tried.
 */
export type SessionAction =
  | 'LOGIN'
  | 'LOGIN_REFUSED'
  | 'LOGOUT'
  | 'REFRESH_REFUSED'
  | 'REGISTER'
  | 'PASSWORD_CHANGE'
  | 'PASSWORD_CHANGE_REFUSED'
  | 'PASSWORD_RESET'
  // Passkeys: made, removed, or refused for a wrong current password.
  | 'PASSKEY_ADDED'
  | 'PASSKEY_REMOVED'
  | 'PASSKEY_REGISTRATION_REFUSED'
  // The second factor turned on by the person itself from its profile (a wrong code is logged as refused).
  | 'SECOND_FACTOR_ENABLED'
  | 'SECOND_FACTOR_REFUSED';

export interface RequestOrigin {
  source_ip: string;
  user_agent?: string;
}

export async function writeSessionEvent(
  subject: { userUuid: string } | { email: string },
  action: SessionAction,
  origin: RequestOrigin,
  reason?: string,
  /** Which way a sign-in went (password, with a code, with a recovery code, on a trusted device). */
  method?: SignInMethod,
): Promise<void> {
  const fields = { action, ...origin, ...(reason && { reason }), ...(method && { method }) };
  if ('userUuid' in subject) return writeUserLog(subject.userUuid, 'SESSION', fields);
  const at = nowIso();
  await dynamo.send(
    new PutCommand({
      TableName: config.tableName,
      Item: { ...keys.unknownEmailLog(subject.email, at, randomUUID()), kind: 'SESSION', created: at, ...fields },
    }),
  );
}
