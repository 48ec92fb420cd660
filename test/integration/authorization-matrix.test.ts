import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ACCOUNTS } from '../../local/demo-accounts';
import { contracts } from '../../shared/contracts';
import { type Contract, pathParamNames } from '../../shared/contracts/define';
import { ROLES, type Role } from '../../shared/roles';
import { call, signIn } from '../helpers/api';

/**
 * Walks every contract of the table, so an endpoint is covered the day it is added: without a token a protected one
 * answers 401; with the token of a role it does not admit it answers 403, before reading any input.
 */
const tokens = new Map<Role, string>();

beforeAll(async () => {
  for (const account of DEMO_ACCOUNTS) tokens.set(account.role, (await signIn(account.email)).access);
});

const params = (contract: Contract) =>
  Object.fromEntries(pathParamNames(contract.path).map((name) => [name, randomUUID()]));

/** A body only where the method may carry one; its content does not matter, access is decided first. */
const bodyFor = (contract: Contract) => (contract.method === 'GET' || contract.method === 'DELETE' ? undefined : {});

const protectedContracts = contracts.filter((c) => c.access !== 'public');

test('the table has protected contracts to walk', () => {
  expect(protectedContracts.length).toBeGreaterThan(0);
});

describe.each(protectedContracts.map((c) => [`${c.method} ${c.path}`, c] as const))('%s', (_, contract) => {
  test('without a token: 401', async () => {
    const { status, body } = await call(contract, { params: params(contract), body: bodyFor(contract) });
    expect(status).toBe(401);
    expect(body).toEqual({ code: 'NOT_AUTHENTICATED' });
  });

  const refused = ROLES.filter((role) => !(contract.access as readonly Role[]).includes(role));
  test.skipIf(refused.length === 0).each(refused)('as %s: 403', async (role) => {
    const { status, body } = await call(contract, {
      params: params(contract),
      body: bodyFor(contract),
      token: tokens.get(role),
    });
    expect(status).toBe(403);
    expect(body).toEqual({ code: 'ACTION_NOT_ALLOWED' });
  });
});
