import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, inject, test } from 'vitest';
import { getUserInfo, postToken, postTokenRefresh } from '../../shared/contracts/auth';
import * as registration from '../../shared/contracts/registration';
import { call, DEMO_PASSWORD, signIn } from '../helpers/api';
import { createTestUser, tableAccess } from '../helpers/db';
import { awsCallsOf, invokeInProcess } from '../helpers/in-process';
import { allMailTo, waitForMail } from '../helpers/mail';

/**
 * Sign-in abuse and what sign-in tells, tried as an attacker would: a stranger's wrong passwords must not lock the
 * owner out, password recovery and sign-in must not tell who has an account, and a session must stay on the firm's
 * portal where it started. Each test uses users and addresses of its own.
 */
const octet = () => Math.floor(Math.random() * 256);
const newIp = () => `10.${octet()}.${octet()}.${octet()}`;
const epochNow = () => Math.floor(Date.now() / 1000);

async function wrongPasswords(email: string, ip: string, count: number) {
  for (let n = 1; n <= count; n++) {
    const answer = await call(postToken, { ip, body: { email, password: `Wrong.Pass${n}` } });
    expect(answer.status, `wrong password ${n} from ${ip}`).toBe(401);
  }
}

describe('the lock stops guessing, not owners', () => {
  test("a stranger's wrong passwords from other addresses do not lock the owner out of their own", async () => {
    const { email } = await createTestUser('USER_GROUP');
    // Three addresses, five wrong passwords each: each of them is locked, the right password included...
    for (const stranger of [newIp(), newIp(), newIp()]) {
      await wrongPasswords(email, stranger, 5);
      const locked = await call(postToken, { ip: stranger, body: { email, password: DEMO_PASSWORD } });
      expect(locked.status).toBe(429);
      expect(locked.body.code).toBe('TOO_MANY_ATTEMPTS');
      expect(locked.body.remaining_time).toBeGreaterThan(0);
      expect(locked.body.remaining_time).toBeLessThanOrEqual(300);
    }
    // ...while the owner, from an address of its own, signs in.
    const owner = await call(postToken, { ip: newIp(), body: { email, password: DEMO_PASSWORD } });
    expect(owner.status).toBe(200);
  });

  test("the guesser's lock grows: 5 minutes, then 10, then 20", async () => {
    const { email } = await createTestUser('USER_GROUP');
    const guesser = newIp();
    const { dynamo, lib, tableName } = await tableAccess();
    const { signInPairKey } = await import('../../functions/lib/data/throttle');
    for (const minutes of [5, 10, 20]) {
      const firstSentAt = epochNow();
      await wrongPasswords(email, guesser, 5);
      const locked = await call(postToken, { ip: guesser, body: { email, password: DEMO_PASSWORD } });
      const answeredAt = epochNow();
      expect(locked.status).toBe(429);
      expect(locked.body.remaining_time).toBeLessThanOrEqual(minutes * 60);
      expect(locked.body.remaining_time).toBeGreaterThanOrEqual(minutes * 60 - (answeredAt - firstSentAt) - 1);
      // The lock lapses: move its end into the past rather than wait.
      await dynamo.send(
        new lib.UpdateCommand({
          TableName: tableName,
          Key: signInPairKey(email, guesser),
          UpdateExpression: 'SET window_end = :past',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':past': epochNow() - 1 },
        }),
      );
    }
    // The right password, once the lock lapsed, signs in and forgets the growth.
    expect((await call(postToken, { ip: guesser, body: { email, password: DEMO_PASSWORD } })).status).toBe(200);
  });

  test("many addresses guessing one e-mail meet its ceiling; the owner's known address still signs in", async () => {
    const { email } = await createTestUser('USER_GROUP');
    const home = newIp();
    await signIn(email, DEMO_PASSWORD, { ip: home });
    // Ten addresses, five wrong passwords each: the e-mail's ceiling for addresses it never signed in from.
    await Promise.all(Array.from({ length: 10 }, () => wrongPasswords(email, newIp(), 5)));
    const newcomer = await call(postToken, { ip: newIp(), body: { email, password: 'Wrong.Pass9' } });
    expect(newcomer.status).toBe(429);
    expect(newcomer.body.code).toBe('TOO_MANY_ATTEMPTS');
    expect((await call(postToken, { ip: newIp(), body: { email, password: DEMO_PASSWORD } })).status).toBe(429);
    // The address the owner signed in from before is not held by the strangers.
    expect((await call(postToken, { ip: home, body: { email, password: DEMO_PASSWORD } })).status).toBe(200);
  });
});

describe('no one learns who is a client', () => {
  afterEach(async () => {
    const { setEvenAnswerWait } = await import('../../functions/lib/http/even-answer');
    setEvenAnswerWait(undefined);
  });

  test('password recovery answers a registered and an unknown address alike; only the registered one gets mail', async () => {
    const { email } = await createTestUser('USER_GROUP');
    const unknown = `nadie-${randomUUID()}@demo.cl`;
    const registered = await call(registration.requestPasswordReset, { body: { email } });
    const stranger = await call(registration.requestPasswordReset, { body: { email: unknown } });
    expect(registered.status).toBe(200);
    expect(registered.body).toEqual({ code: 'EMAIL_SENT' });
    expect(stranger.status).toBe(registered.status);
    expect(stranger.body).toEqual(registered.body);
    await waitForMail(email, 'Recuperación de contraseña');
    expect(await allMailTo(unknown)).toEqual([]);
  });

  test('in time: recovery makes the same calls for both up to the mail, and both answer only after one floor', async () => {
    const { setEvenAnswerWait, EVEN_ANSWER_MS } = await import('../../functions/lib/http/even-answer');
    const waits: number[] = [];
    const recover = async (email: string) => {
      const { calls, result } = await awsCallsOf(async (calls) => {
        setEvenAnswerWait(async (leftMs) => {
          waits.push(leftMs);
          calls.push('wait');
        });
        const answer = await invokeInProcess(registration.requestPasswordReset, { ip: newIp(), body: { email } });
        return answer;
      });
      return { calls, answer: result };
    };
    const { email } = await createTestUser('USER_GROUP');
    const known = await recover(email);
    const unknown = await recover(`nadie-${randomUUID()}@demo.cl`);
    expect(known.answer).toEqual({ status: 200, body: { code: 'EMAIL_SENT' } });
    expect(unknown.answer).toEqual(known.answer);
    // The reads are the same on both paths (the address, then a user record or none)...
    const reads = known.calls.slice(0, known.calls.indexOf('dynamo:TransactWriteItems'));
    expect(reads.length).toBeGreaterThan(0);
    expect(unknown.calls.slice(0, reads.length)).toEqual(reads);
    // ...only the registered address gets its link and mail, and both answer after the same floor, nothing after it.
    expect(known.calls).toContain('ses:SendEmail');
    expect(unknown.calls).not.toContain('ses:SendEmail');
    expect(unknown.calls.slice(reads.length)).toEqual(['wait']);
    expect(known.calls.at(-1)).toBe('wait');
    expect(known.calls.indexOf('ses:SendEmail')).toBeLessThan(known.calls.indexOf('wait'));
    // Each waited what its work left of the floor (the wait itself is proven in functions/lib/http/even-answer.test.ts).
    expect(waits).toHaveLength(2);
    for (const left of waits) expect(left).toBeLessThanOrEqual(EVEN_ANSWER_MS);
  });

  test('sign-in of an unknown address costs the same calls as a wrong password of a registered one', async () => {
    const { email } = await createTestUser('USER_GROUP');
    const attempt = (address: string) =>
      awsCallsOf(() => invokeInProcess(postToken, { ip: newIp(), body: { email: address, password: 'Wrong.Pass1' } }));
    const registered = await attempt(email);
    const unknown = await attempt(`nadie-${randomUUID()}@demo.cl`);
    expect(registered.result).toEqual({ status: 401, body: { code: 'INVALID_CREDENTIALS' } });
    expect(unknown.result).toEqual(registered.result);
    // The identity provider checks a password on both paths, and the table sees the same requests.
    expect(registered.calls).toContain('cognito:AdminInitiateAuth');
    expect(unknown.calls).toEqual(registered.calls);
  });
});

describe('a session belongs to the portal where it started', () => {
  const { webUrl } = inject('portal');
  const andes = webUrl;
  const pacifico = webUrl.replace('localhost', '127.0.0.1');

  test("a session of one firm's portal is refused on another firm's portal, for API calls and for refresh", async () => {
    // A SUPER_ADMIN signs in on every portal; its session still stays on the one where it began.
    const { email } = await createTestUser('SUPER_ADMIN');
    const { access, refresh } = await signIn(email, DEMO_PASSWORD, { portal: andes });
    expect((await call(getUserInfo, { token: access, portal: andes })).status).toBe(200);

    const elsewhere = await call(getUserInfo, { token: access, portal: pacifico });
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.body).toEqual({ code: 'NOT_AUTHENTICATED' });
    const refreshElsewhere = await call(postTokenRefresh, { portal: pacifico, body: { refresh } });
    expect(refreshElsewhere.status).toBe(401);
    // Nor without any portal (the API reached some other way).
    expect((await call(getUserInfo, { token: access })).status).toBe(401);
    expect((await call(postTokenRefresh, { body: { refresh } })).status).toBe(401);

    // At home the session goes on: the refusals ended nothing, and a refreshed token is bound like the first.
    const refreshed = await call(postTokenRefresh, { portal: andes, body: { refresh } });
    expect(refreshed.status).toBe(200);
    expect((await call(getUserInfo, { token: refreshed.body.access, portal: andes })).status).toBe(200);
    expect((await call(getUserInfo, { token: refreshed.body.access, portal: pacifico })).status).toBe(401);
  });

  test('the branded-domain rule reads the portal the request came through, not the Origin the client sends', async () => {
    const body = { email: 'sociedad@demo.cl', password: DEMO_PASSWORD };
    const forged = await call(postToken, { portal: pacifico, origin: andes, body });
    expect(forged.status).toBe(401);
    expect(forged.body).toEqual({ code: 'INVALID_CREDENTIALS' });
    expect((await call(postToken, { portal: andes, origin: pacifico, body })).status).toBe(200);
  });

  test('through the local edge (Vite, as CloudFront in AWS) a portal header sent by the client is replaced', async () => {
    const through = (portal: string, path: string, init: RequestInit) =>
      fetch(`${portal}/${path}`, {
        ...init,
        headers: { 'content-type': 'application/json', 'x-portal-origin': andes, ...init.headers },
      });
    const body = JSON.stringify({ email: 'sociedad@demo.cl', password: DEMO_PASSWORD });
    // Andes' client on Pacífico's portal claiming to be on Andes' portal: refused.
    expect((await through(pacifico, 'api/v1/token/', { method: 'POST', body })).status).toBe(401);
    const signedIn = await through(andes, 'api/v1/token/', {
      method: 'POST',
      body,
      headers: { 'x-portal-origin': pacifico },
    });
    expect(signedIn.status).toBe(200);
    const { access } = (await signedIn.json()) as { access: string };
    const me = (portal: string) =>
      through(portal, 'api/v1/users/info/', { method: 'GET', headers: { authorization: `Bearer ${access}` } });
    expect((await me(andes)).status).toBe(200);
    expect((await me(pacifico)).status).toBe(401);
  });
});
