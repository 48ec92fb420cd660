import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type EdgeProvider, installEdgeProvider, tenantName } from '../../functions/lib/edge/domains';
import { edgeStandIn } from '../../local/edge-stand-in';
import * as projects from '../../shared/contracts/projects';
import { signIn } from '../helpers/api';
import { unique } from '../helpers/fresh';
import { invokeInProcess } from '../helpers/in-process';

/**
 * A project's save provisions its domain at the edge, in an order safe at every step: the project (the desired state)
 * is saved first, then the edge follows; an edge that fails then leaves the save standing and the domain
 * 'provisioning', and the domain screen's read finishes it. The handlers run in this process against the local
 * stack, with CloudFront's local stand-in, whose calls the test can make fail.
 */
let token: string;
const standIn = edgeStandIn();
/** The next calls of these kinds fail, as a throttled or timed-out CloudFront call would after its retries. */
const failing = new Set<keyof EdgeProvider>();
const flaky: EdgeProvider = new Proxy(standIn, {
  get(target, key: keyof EdgeProvider) {
    const value = target[key];
    if (typeof value !== 'function') return value;
    return (...args: unknown[]) => {
      if (failing.delete(key)) return Promise.reject(new Error(`CloudFront ${String(key)} unavailable`));
      return (value as (...a: unknown[]) => unknown).apply(target, args);
    };
  },
});

beforeAll(async () => {
  token = (await signIn('superadmin@demo.cl')).access;
  installEdgeProvider(flaky);
});
afterAll(() => installEdgeProvider(undefined));

const domainOf = async (uuid: string) => {
  const { status, body } = await invokeInProcess(projects.getProjectDomain, { token, params: { uuid } });
  expect(status).toBe(200);
  return body as { domain: string | null; status: string; dns_records: unknown[] };
};

async function create(url?: string) {
  const { status, body } = await invokeInProcess(projects.createProject, {
    token,
    body: {
      project_name: `Dominio ${unique()}`,
      client_name: 'Cliente SpA',
      associated_service_description: 'Contabilidad',
      service_description: 'Portal',
      ...(url && { custom_portal_url: url }),
    },
  });
  expect(status, JSON.stringify(body)).toBe(201);
  return body as { uuid: string; version: number };
}

describe('provisioning follows the saved project', () => {
  test('create with a domain: a tenant, pending, with the CNAME to create', async () => {
    const domain = `firma-${unique()}.localhost`;
    const { uuid } = await create(`https://${domain}`);
    expect((await standIn.getTenant(tenantName(uuid)))?.domains).toEqual([domain]);
    expect(await domainOf(uuid)).toMatchObject({
      domain,
      status: 'pending',
      dns_records: [{ type: 'CNAME', name: domain, value: standIn.routingEndpoint }],
    });
  });

  test('a create whose edge call fails still saves; the domain is finished by the next read of its status', async () => {
    const domain = `firma-${unique()}.localhost`;
    failing.add('createTenant');
    const { uuid } = await create(`https://${domain}`);
    expect(await standIn.getTenant(tenantName(uuid))).toBeUndefined();
    const { status, body } = await invokeInProcess(projects.getProject, { token, params: { uuid } });
    expect(status).toBe(200);
    expect(body.custom_portal_url).toBe(`https://${domain}`);
    // The read reconciles: the tenant is made now.
    expect(await domainOf(uuid)).toMatchObject({ domain, status: 'pending' });
    expect((await standIn.getTenant(tenantName(uuid)))?.domains).toEqual([domain]);
  });

  test('a changed domain moves the tenant (a failed move is finished by the read); the old domain is free again', async () => {
    const [first, second] = [`firma-${unique()}.localhost`, `firma-${unique()}.localhost`];
    const { uuid, version } = await create(`https://${first}`);
    failing.add('updateTenant');
    const patched = await invokeInProcess(projects.patchProject, {
      token,
      params: { uuid },
      body: { version, custom_portal_url: `https://${second}` },
    });
    expect(patched.status).toBe(200);
    expect((await standIn.getTenant(tenantName(uuid)))?.domains).toEqual([first]);
    expect(await domainOf(uuid)).toMatchObject({ domain: second, status: 'pending' });
    expect((await standIn.getTenant(tenantName(uuid)))?.domains).toEqual([second]);
    // Another project may now take the first domain.
    const other = await create(`https://${first}`);
    expect(await domainOf(other.uuid)).toMatchObject({ domain: first, status: 'pending' });
  });

  test('a domain the edge already serves for someone else is shown in use, and the save stands', async () => {
    const domain = `firma-${unique()}.localhost`;
    const { uuid } = await create(`https://${domain}`);
    // The same host through another URL (a path): the portal's marker is per URL, the edge's per host.
    const other = await create(`https://${domain}/clientes`);
    expect(await domainOf(other.uuid)).toMatchObject({ domain, status: 'in_use', dns_records: [] });
    expect(await domainOf(uuid)).toMatchObject({ status: 'pending' });
  });

  test('a cleared portal URL disables the tenant at once; the next read of the status deletes it', async () => {
    const domain = `firma-${unique()}.localhost`;
    const { uuid, version } = await create(`https://${domain}`);
    const cleared = await invokeInProcess(projects.patchProject, {
      token,
      params: { uuid },
      body: { version, custom_portal_url: '' },
    });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body.custom_portal_url).toBeNull();
    expect((await standIn.getTenant(tenantName(uuid)))?.enabled).toBe(false);
    expect(await domainOf(uuid)).toMatchObject({ uuid, domain: null, status: 'none' });
    expect(await standIn.getTenant(tenantName(uuid))).toBeUndefined();
  });

  test('a deleted project\u2019s tenant is disabled: its domain stops serving', async () => {
    const domain = `firma-${unique()}.localhost`;
    const { uuid } = await create(`https://${domain}`);
    const deleted = await invokeInProcess(projects.deleteProject, { token, params: { uuid } });
    expect(deleted.status).toBe(200);
    expect((await standIn.getTenant(tenantName(uuid)))?.enabled).toBe(false);
  });
});
