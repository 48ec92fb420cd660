import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { contracts } from '../shared/contracts';
import { type Contract, fillPath, pathParamNames, routePath } from '../shared/contracts/define';
import { compile, selectRoute } from './gateway';

const routes = contracts.map(compile);
const UUID = '0b6c1f3e-5d2a-4c8e-9f10-2a3b4c5d6e7f';

const contract = (id: string, method: Contract['method'], path: string): Contract => ({
  id,
  method,
  path,
  access: 'public',
  handler: `test/${id}`,
  summary: id,
  response: z.object({}),
});

describe('local gateway routing (as API Gateway: the most specific route wins)', () => {
  it('routes GET society/admin-available to its own contract, not to society/{uuid}', () => {
    const selected = selectRoute(routes, 'GET', '/api/v1/societies/society/admin-available');
    expect(selected?.route.contract.id).toBe('listSocietyAdminsAvailable');
    expect(selectRoute(routes, 'GET', `/api/v1/societies/society/${UUID}`)?.route.contract.id).toBe('getSociety');
    expect(selectRoute(routes, 'GET', `/api/v1/societies/society/${UUID}`)?.params).toEqual({ uuid: UUID });
  });

  it('does not depend on the order routes are declared in', () => {
    const shadowing = [
      contract('byId', 'GET', 'api/v1/things/{uuid}/'),
      contract('byKindAndId', 'GET', 'api/v1/{kind}/{uuid}/'),
      contract('search', 'GET', 'api/v1/things/search/'),
      contract('kindSearch', 'GET', 'api/v1/{kind}/search/'),
    ];
    for (const order of [shadowing, [...shadowing].reverse()]) {
      const table = order.map(compile);
      expect(selectRoute(table, 'GET', '/api/v1/things/search')?.route.contract.id).toBe('search');
      expect(selectRoute(table, 'GET', '/api/v1/things/42')?.route.contract.id).toBe('byId');
      expect(selectRoute(table, 'GET', '/api/v1/other/search')?.route.contract.id).toBe('kindSearch');
      expect(selectRoute(table, 'GET', '/api/v1/other/42')?.route.contract.id).toBe('byKindAndId');
      expect(selectRoute(table, 'POST', '/api/v1/things/search')).toBeUndefined();
    }
  });

  it('reaches every contract of the table by its own path, whatever else could match it', () => {
    expect(contracts.length).toBeGreaterThan(50);
    for (const c of contracts) {
      const params = Object.fromEntries(pathParamNames(c.path).map((name) => [name, UUID]));
      const path = routePath({ path: fillPath(c.path, params) });
      expect(selectRoute(routes, c.method, path)?.route.contract.id, `${c.method} ${path}`).toBe(c.id);
    }
  });
});
