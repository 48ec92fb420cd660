import { describe, expect, test } from 'vitest';
import { reconcileDomain, statusOf } from '../functions/lib/edge/domains';
import { edgeStandIn } from './edge-stand-in';

/** The local stand-in keeps CloudFront's rules the portal relies on, and is pending until marked validated. */
describe('the local edge stand-in', () => {
  const A = '0b6f7d8e-0000-4000-8000-00000000000a';
  const B = '0b6f7d8e-0000-4000-8000-00000000000b';

  test('a new domain is pending until validated, then active; a new domain is pending again', async () => {
    const edge = edgeStandIn();
    const { tenant } = await reconcileDomain(edge, A, 'a.localhost');
    expect(statusOf('a.localhost', tenant, tenant && (await edge.certificate(tenant)))).toBe('pending');
    expect(edge.validateDomain('a.localhost')).toBe(true);
    const after = await edge.getTenant(`portal-${A}`);
    expect(statusOf('a.localhost', after, after && (await edge.certificate(after)))).toBe('active');

    const { tenant: moved } = await reconcileDomain(edge, A, 'b.localhost');
    expect(moved?.domains).toEqual(['b.localhost']);
    expect(statusOf('b.localhost', moved, moved && (await edge.certificate(moved)))).toBe('pending');
    expect(edge.validateDomain('a.localhost')).toBe(false);
  });

  test('a domain another tenant serves is in use', async () => {
    const edge = edgeStandIn();
    await reconcileDomain(edge, A, 'a.localhost');
    expect((await reconcileDomain(edge, B, 'a.localhost')).inUse).toBe(true);
    expect(await edge.getTenant(`portal-${B}`)).toBeUndefined();
  });

  test('removal disables, then deletes; a stale version is refused', async () => {
    const edge = edgeStandIn();
    const { tenant } = await reconcileDomain(edge, A, 'a.localhost');
    if (!tenant) throw new Error('no tenant');
    await expect(edge.deleteTenant(tenant)).rejects.toThrow('ResourceInUse');
    expect((await reconcileDomain(edge, A, null)).tenant?.enabled).toBe(false);
    await expect(edge.updateTenant(tenant, { enabled: false })).rejects.toThrow('PreconditionFailed');
    expect((await reconcileDomain(edge, A, null)).tenant).toBeUndefined();
    expect(await edge.getTenant(`portal-${A}`)).toBeUndefined();
  });
});
