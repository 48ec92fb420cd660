import { inject } from 'vitest';

let sdkClient: import('@aws-sdk/lib-dynamodb').DynamoDBDocumentClient | undefined;

/**
 * Direct access to the test portal's table, for arranging states no endpoint offers yet and for checking what a
 * request wrote. The functions' modules read their settings from the environment, so it is set before they load.
 * `dynamo` is the AWS SDK's document client, not the functions' light one (functions/lib/aws/dynamo.ts): what the
 * tests arrange and read back goes through an independent implementation of the protocol. To watch the functions'
 * own calls, hook theirs (`dynamo.onSend`).
 */
export async function tableAccess() {
  Object.assign(process.env, inject('portal').env, { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' });
  const [{ DynamoDBClient }, lib, { keys }, users] = await Promise.all([
    import('@aws-sdk/client-dynamodb'),
    import('@aws-sdk/lib-dynamodb'),
    import('../../functions/lib/data/table'),
    import('../../functions/lib/data/users'),
  ]);
  sdkClient ??= lib.DynamoDBDocumentClient.from(new DynamoDBClient({}), {
    marshallOptions: { removeUndefinedValues: true },
  });
  const tableName = inject('portal').env.TABLE_NAME as string;
  return { dynamo: sdkClient, keys, users, lib, tableName };
}

let counter = 0;

type UserRecord = import('../../functions/lib/data/users').UserRecord;

/** A user record with no memberships (they come from the targets written with it), for tests to store directly. */
export function testUserRecord(
  fields: Pick<UserRecord, 'uuid' | 'email' | 'user_role'> & Partial<UserRecord>,
): UserRecord {
  return {
    first_name: 'Prueba',
    last_name: 'Automática',
    enable: true,
    image: null,
    phone_number: null,
    position: null,
    documentation_projects: [],
    rut_user: null,
    user_description: null,
    user_magnus: null,
    project_uuids: [],
    group_uuids: [],
    society_uuids: [],
    created: new Date().toISOString(),
    version: 1,
    ...fields,
  };
}

/**
 * A fresh user of its own for a test that changes a user's state (locks, disables), so tests running beside it with
 * the demo accounts are not disturbed. Password: the demo password.
 */
export async function createTestUser(
  role: import('../../shared/roles').Role,
  projectUuids: string[] = [],
  /** The e-mail's first word: a world that finds its own users by a search names them all alike. */
  label = 'test',
  /** The e-mail's domain: a demo Entra ID tenant's (local/microsoft-stand-in.ts) makes a Microsoft-verified address. */
  domain = 'prueba.cl',
) {
  const { users } = await tableAccess();
  const { createIdentity } = await import('../../functions/lib/auth/identities');
  const { randomUUID } = await import('node:crypto');
  const uuid = randomUUID();
  counter += 1;
  const email = `${label}-${counter}-${uuid.slice(0, 8)}@${domain}`;
  await createIdentity(uuid, email, 'Portal.Demo1');
  const targets = projectUuids.map((uuid) => ({ field: 'project_uuids' as const, uuid, project_uuid: uuid }));
  await users.putNewUser(testUserRecord({ uuid, email, user_role: role }), targets);
  // The SUPER_ADMIN always has a second factor: a test one enrols with the demo's secret and trusted device, which
  // signIn sends (helpers/api.ts), as a person who trusted this device after a code would.
  if (role === 'SUPER_ADMIN') {
    const [{ enrolWithKnownSecret }, demo] = await Promise.all([
      import('../../local/demo-second-factor'),
      import('../../local/demo-accounts'),
    ]);
    await enrolWithKnownSecret(uuid, demo.DEMO_TOTP_SECRET, demo.DEMO_TRUSTED_DEVICE);
  }
  return { uuid, email };
}

/** Whether the table holds an item under this key. */
export async function itemExists(key: { pk: string; sk: string }): Promise<boolean> {
  const { dynamo, lib, tableName } = await tableAccess();
  return (await dynamo.send(new lib.GetCommand({ TableName: tableName, Key: key }))).Item !== undefined;
}
