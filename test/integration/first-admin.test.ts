import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { ensureTable, localClients } from '../../local/bootstrap';
import { tableAccess } from '../helpers/db';
import { allMailTo, tokenFrom } from '../helpers/mail';

/**
 * `npm run admin:create` (local/admin-create.ts) as an operator runs it against a deployed stack: a child process with
 * the stack's values in its environment and the shell's credentials. Its table is a fresh one in the test portal's
 * DynamoDB Local (the portal's own has demo SUPER_ADMINs), so the first run is a fresh deployment's.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const env = () => inject('portal').env;
const table = `first-admin-${randomUUID().slice(0, 8)}`;
const email = `primera-admin-${randomUUID().slice(0, 6)}@prueba.cl`;
let portalTable: string;

async function adminCreate(...args: string[]) {
  const run = promisify(execFile);
  try {
    const out = await run(process.execPath, ['--import', 'tsx', 'local/admin-create.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env(), TABLE_NAME: table, POWERTOOLS_LOG_LEVEL: 'ERROR' },
    });
    return { code: 0, stdout: out.stdout, stderr: out.stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** The SDK clients of the test portal's services. */
const clients = () =>
  localClients({
    urls: {
      dynamodb: env().AWS_ENDPOINT_URL_DYNAMODB as string,
      s3: env().AWS_ENDPOINT_URL_S3 as string,
      ses: env().AWS_ENDPOINT_URL_SESV2 as string,
      cognito: env().AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER as string,
    },
  });

/** In-process calls read TABLE_NAME as they run: pointed at the fresh table for one step, then back. */
async function onFreshTable<T>(step: () => Promise<T>): Promise<T> {
  process.env.TABLE_NAME = table;
  try {
    return await step();
  } finally {
    process.env.TABLE_NAME = portalTable;
  }
}

beforeAll(async () => {
  await tableAccess();
  portalTable = env().TABLE_NAME as string;
  await ensureTable(clients().dynamodb, false, table);
});

afterAll(() => {
  process.env.TABLE_NAME = portalTable;
});

test('the first run invites the first SUPER_ADMIN; a second refuses; the link makes a consistent account; then every run refuses', {
  timeout: 120_000,
}, async () => {
  const first = await adminCreate('--email', email);
  expect(first).toMatchObject({ code: 0, stdout: expect.stringContaining(`mailed to ${email}`) });

  const second = await adminCreate('--email', `otra-${email}`);
  expect(second.code).toBe(1);
  expect(second.stderr).toContain('a SUPER_ADMIN is already invited');
  expect(second.stderr).toContain(email);

  // The mail that never came: a new link, the old one dead.
  const resent = await adminCreate('--email', email, '--resend');
  expect(resent).toMatchObject({ code: 0, stdout: expect.stringContaining(`mailed again to ${email}`) });
  const mails = await allMailTo(email);
  expect(mails).toHaveLength(2);
  const [oldToken, token] = mails.map((mail) => tokenFrom(mail, 'register'));
  expect(token).not.toBe(oldToken);

  const { registerFromInvitation } = await import('../../functions/registration/accounts');
  const origin = { source_ip: '127.0.0.1' };
  const password = 'Primera.Admin.2026';
  const body = { first_name: 'Primera', last_name: 'Admin', password, password_confirmation: password };
  await expect(
    onFreshTable(() => registerFromInvitation({ ...body, token: oldToken } as never, origin)),
  ).rejects.toThrow();
  await onFreshTable(() => registerFromInvitation({ ...body, token } as never, origin));

  // One account, whole: the record, its e-mail marker, its directory entry, its Cognito identity named by its uuid.
  const { getUserByEmail } = await import('../../functions/lib/data/users');
  const { allUsers, readUserEntries } = await import('../../functions/lib/data/user-listing');
  const user = await onFreshTable(() => getUserByEmail(email));
  expect(user).toMatchObject({ email, user_role: 'SUPER_ADMIN', enable: true, project_uuids: [] });
  const listed = await onFreshTable(() => readUserEntries([allUsers()]));
  expect(listed.entries.map((entry) => [entry.id, entry.value.r])).toEqual([[user?.uuid, 'SUPER_ADMIN']]);
  const identity = await clients().cognito.send(
    new AdminGetUserCommand({ UserPoolId: env().USER_POOL_ID, Username: user?.uuid }),
  );
  expect(identity.UserAttributes?.find((a) => a.Name === 'email')?.Value).toBe(email);

  const after = await adminCreate('--email', `otra-${email}`);
  expect(after.code).toBe(1);
  expect(after.stderr).toContain('already has a SUPER_ADMIN');
  // On purpose, a further one is invited.
  const another = await adminCreate('--email', `otra-${email}`, '--another');
  expect(another).toMatchObject({ code: 0, stdout: expect.stringContaining(`mailed to otra-${email}`) });

  // Bad input changes nothing.
  const bad = await adminCreate('--email', 'no-es-correo');
  expect(bad.code).toBe(2);
  expect(bad.stderr).toContain('A valid --email is required');
});
