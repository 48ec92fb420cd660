import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import { FAULT_PLAN_HEADER, FAULTS_INJECTED_HEADER, formatPlan } from '../../local/faults';
import * as auth from '../../shared/contracts/auth';
import { type Contract, fillPath } from '../../shared/contracts/define';
import * as documents from '../../shared/contracts/documents';
import * as external from '../../shared/contracts/external';
import * as projects from '../../shared/contracts/projects';
import { call, DEMO_PASSWORD, signIn } from '../helpers/api';
import { createTestUser, tableAccess } from '../helpers/db';
import { buildDocumentsWorld, uploadSmall } from './documents-fixture';

/**
 * Counters that spend a budget (quotas.ts's windows, throttle.ts's slots and locks) spend once per request even when
 * the service applied an attempt and its answer was lost: the fault switch times out the first attempt of every
 * DynamoDB call after the service applied it, so each call is retried once against a write already made.
 */
const LOST_FIRST_ANSWERS = formatPlan({
  seed: 1,
  rate: 1,
  kinds: ['timeout'],
  when: ['after'],
  services: ['dynamodb'],
  attempts: [1],
});

let superAdmin: string;

beforeAll(async () => {
  superAdmin = (await signIn((await createTestUser('SUPER_ADMIN')).email)).access;
});

/** A request under the plan, from an address of its own: its answer and the faults injected. */
async function underLostAnswers(
  contract: Contract,
  ip: string,
  token: string | undefined,
  body: unknown,
  query: Record<string, string> = {},
) {
  const url = new URL(`${inject('portal').apiUrl}/${fillPath(contract.path)}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  const response = await fetch(url, {
    method: contract.method,
    headers: {
      'content-type': 'application/json',
      'x-portal-viewer-ip': ip,
      [FAULT_PLAN_HEADER]: LOST_FIRST_ANSWERS,
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await response.text();
  return { status: response.status, injected: (response.headers.get(FAULTS_INJECTED_HEADER) ?? '').split(' ') };
}

const freshIp = () => `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

async function item(key: { pk: string; sk: string }) {
  const { dynamo, lib, tableName } = await tableAccess();
  return (await dynamo.send(new lib.GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }))).Item;
}

describe('a lost answer does not spend twice', () => {
  test('a support ticket takes one slot of its sender’s throttle and one unit of its firm’s daily quota', async () => {
    const project = await call(projects.createProject, {
      token: superAdmin,
      body: {
        project_name: `Una vez ${randomUUID().slice(0, 8)}`,
        client_name: 'Cliente SpA',
        associated_service_description: 'Contabilidad',
        service_description: 'Portal',
      },
    });
    expect(project.status).toBe(201);
    const sender = await createTestUser('USER_SOCIETY', [project.body.uuid]);
    const token = (await signIn(sender.email)).access;
    const answer = await underLostAnswers(external.postSupportTicket, freshIp(), token, {
      subject: 'Una sola vez',
      description: 'Consulta bajo respuestas perdidas.',
    });
    expect(answer.status).toBe(201);
    // Both counters' writes lost their first answer and were sent again.
    expect(answer.injected).toContain('dynamodb.UpdateItem#1:timeout@after');
    expect(answer.injected).toContain('dynamodb.TransactWriteItems#1:timeout@after');
    const { keys } = await tableAccess();
    const { quotaKey } = await import('../../functions/lib/data/quotas');
    expect((await item(keys.throttle('USER_TICKET', sender.uuid)))?.attempts).toBe(1);
    expect((await item(quotaKey('TICKET_PROJECT', project.body.uuid)))?.used).toBe(1);
  });

  test('a wrong password takes one slot of the pair, the address and the e-mail; the lock of a full key counts once', async () => {
    const person = await createTestUser('USER_SOCIETY');
    const ip = freshIp();
    const { keys } = await tableAccess();
    const { signInPairKey } = await import('../../functions/lib/data/throttle');
    const { addressKey } = await import('../../functions/lib/http/client-ip');
    const address = addressKey(ip);
    const attemptsOf = async () =>
      Promise.all([
        item(signInPairKey(person.email, address)),
        item(keys.throttle('IP_SIGN_IN', address)),
        item(keys.throttle('LOGIN', person.email)),
      ]);
    const wrong = { email: person.email, password: `${DEMO_PASSWORD}x` };
    const first = await underLostAnswers(auth.postToken, ip, undefined, wrong);
    expect(first.status).toBe(401);
    expect(first.injected).toContain('dynamodb.UpdateItem#1:timeout@after');
    expect((await attemptsOf()).map((i) => i?.attempts)).toEqual([1, 1, 1]);
    // Five wrong passwords fill the pair: the fifth locks it, once (its lock count says how long the next one is).
    for (let n = 2; n <= 5; n++)
      expect((await underLostAnswers(auth.postToken, ip, undefined, wrong)).status).toBe(401);
    const [pair] = await attemptsOf();
    expect(pair).toMatchObject({ attempts: 5, lock_count: 1 });
    // The right password from there is refused while the pair is locked.
    const locked = await underLostAnswers(auth.postToken, ip, undefined, { ...wrong, password: DEMO_PASSWORD });
    expect(locked.status).toBe(429);
  });

  test('the right password gives the address its slot back once', async () => {
    const person = await createTestUser('USER_SOCIETY');
    const ip = freshIp();
    const { keys } = await tableAccess();
    const { addressKey } = await import('../../functions/lib/http/client-ip');
    const address = addressKey(ip);
    // Two wrong passwords from the address (without faults), then the right one under lost answers.
    for (let n = 0; n < 2; n++) {
      const refused = await fetch(`${inject('portal').apiUrl}/${fillPath(auth.postToken.path)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-portal-viewer-ip': ip },
        body: JSON.stringify({ email: person.email, password: `${DEMO_PASSWORD}x` }),
      });
      expect(refused.status).toBe(401);
    }
    const right = await underLostAnswers(auth.postToken, ip, undefined, {
      email: person.email,
      password: DEMO_PASSWORD,
    });
    expect(right.status).toBe(200);
    // Taken 3, given back 1: the right password's own slot, not one of the wrong ones.
    expect((await item(keys.throttle('IP_SIGN_IN', address)))?.attempts).toBe(2);
  });

  test('a share link’s download counts one use', async () => {
    // A world of its own: the demo societies' documents are counted by other files.
    const world = await buildDocumentsWorld();
    const year = String(new Date().getUTCFullYear());
    const pdf = new TextEncoder().encode('%PDF-1.4\n% una vez\n%%EOF\n');
    const uploaded = await uploadSmall(
      world.tokens.sa,
      { society: world.S, form: 'F29', year },
      `una-vez-${randomUUID().slice(0, 8)}.pdf`,
      pdf,
    );
    expect(uploaded.status).toBe(201);
    const document = uploaded.body.uuid as string;
    const link = await call(documents.createShareToken, { token: world.tokens.sa, params: { uuid: document } });
    expect(link.status).toBe(200);
    const used = await underLostAnswers(documents.downloadSharedDocument, freshIp(), undefined, undefined, {
      token: link.body.token,
      format: 'json',
    });
    expect(used.status).toBe(200);
    expect(used.injected).toContain('dynamodb.UpdateItem#1:timeout@after');
    const links = await call(documents.listShareLinks, { token: world.tokens.sa, params: { uuid: document } });
    expect(links.body.map((l) => [l.uuid, l.use_count])).toEqual([[link.body.uuid, 1]]);
  });
});
