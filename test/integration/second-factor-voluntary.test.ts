import { generate } from 'otplib';
import { beforeAll, describe, expect, test } from 'vitest';
import { getUserInfo, postToken } from '../../shared/contracts/auth';
import { createProject } from '../../shared/contracts/projects';
import { postOwnSecondFactor, postOwnSecondFactorEnrolment } from '../../shared/contracts/second-factor';
import { call, DEMO_PASSWORD, ok, signIn } from '../helpers/api';
import { createTestUser } from '../helpers/db';
import { unique } from '../helpers/fresh';

/**
 * A person turns its second factor on from its profile where its firm does not ask for one (mfa_policy NONE): the
 * secret and URI from its session, the first code activates it and answers ten recovery codes, and from then on its
 * password sign-in waits for a code. Codes are computed with otplib for the server's clock, as the app would.
 */
let superAdmin: string;
beforeAll(async () => {
  superAdmin = (await signIn((await createTestUser('SUPER_ADMIN')).email)).access;
});

const now = async () => (await import('../../functions/lib/data/table')).epochSeconds();
const codeOf = async (secret: string) => generate({ secret, epoch: await now() });

/** A client of a firm of its own whose policy asks no second factor, signed in. */
async function clientOfNoneFirm() {
  const admin = await createTestUser('PROJECT_ADMIN');
  const body = {
    project_name: `Firma voluntaria ${unique()}`,
    client_name: 'Cliente SpA',
    associated_service_description: 'Contabilidad',
    service_description: 'Portal',
    admin: [admin.uuid],
    mfa_policy: 'NONE',
  };
  const project = ok('project', await call(createProject, { token: superAdmin, body }));
  const client = await createTestUser('USER_SOCIETY', [project.uuid]);
  return { ...client, access: (await signIn(client.email)).access };
}

describe('turning the second factor on from one’s profile', () => {
  test('a client of a NONE firm enrols with a right code, gets 10 recovery codes, and is asked a code next time', async () => {
    const client = await clientOfNoneFirm();
    const before = ok('info', await call(getUserInfo, { token: client.access }));
    expect(before.profile.second_factor).toBe(false);

    const { secret, otpauth_uri } = ok('enrol', await call(postOwnSecondFactorEnrolment, { token: client.access }));
    expect(otpauth_uri).toMatch(/^otpauth:\/\/totp\//);
    expect(otpauth_uri).toContain(`secret=${secret}`);

    // A wrong code leaves it pending.
    const wrong = String((Number(await codeOf(secret)) + 1) % 1_000_000).padStart(6, '0');
    const refused = await call(postOwnSecondFactor, { token: client.access, body: { code: wrong } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'INVALID_CODE' });
    expect(ok('info', await call(getUserInfo, { token: client.access })).profile.second_factor).toBe(false);

    const done = ok(
      'code',
      await call(postOwnSecondFactor, { token: client.access, body: { code: await codeOf(secret) } }),
    );
    expect(done.recovery_codes).toHaveLength(10);
    expect(new Set(done.recovery_codes).size).toBe(10);
    expect(ok('info', await call(getUserInfo, { token: client.access })).profile.second_factor).toBe(true);

    const next = await call(postToken, { body: { email: client.email, password: DEMO_PASSWORD } });
    expect(next.status).toBe(200);
    expect(next.body.access).toBeUndefined();
    expect(next.body.second_factor?.step).toBe('VERIFY');
  });

  test('a second enrolment while one is active is refused 409 and the active one stays', async () => {
    const client = await clientOfNoneFirm();
    const { secret } = ok('enrol', await call(postOwnSecondFactorEnrolment, { token: client.access }));
    ok('code', await call(postOwnSecondFactor, { token: client.access, body: { code: await codeOf(secret) } }));
    const again = await call(postOwnSecondFactorEnrolment, { token: client.access });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'SECOND_FACTOR_ACTIVE' });
    // The active factor is untouched: a code of no pending enrolment is refused.
    const code = await call(postOwnSecondFactor, { token: client.access, body: { code: await codeOf(secret) } });
    expect(code.status).toBe(400);
    expect(ok('info', await call(getUserInfo, { token: client.access })).profile.second_factor).toBe(true);
  });

  test('another firm’s person cannot activate someone else’s pending enrolment with its code', async () => {
    const owner = await clientOfNoneFirm();
    const other = await clientOfNoneFirm();
    const { secret } = ok('enrol', await call(postOwnSecondFactorEnrolment, { token: owner.access }));
    // The call acts on the caller alone: the owner's code does nothing for a caller with no pending enrolment.
    const stolen = await call(postOwnSecondFactor, { token: other.access, body: { code: await codeOf(secret) } });
    expect(stolen.status).toBe(400);
    expect(ok('info', await call(getUserInfo, { token: other.access })).profile.second_factor).toBe(false);
    expect(ok('info', await call(getUserInfo, { token: owner.access })).profile.second_factor).toBe(false);
    // And the owner's own code still activates its own.
    ok('code', await call(postOwnSecondFactor, { token: owner.access, body: { code: await codeOf(secret) } }));
  });

  test('without a session both answer 401', async () => {
    expect((await call(postOwnSecondFactorEnrolment, {})).status).toBe(401);
    expect((await call(postOwnSecondFactor, { body: { code: '123456' } })).status).toBe(401);
  });
});
