import { expect, inject, test } from 'vitest';
import { getHealth } from '../../shared/contracts/health';
import { call } from '../helpers/api';

test('health answers ok once the table answers', async () => {
  const { status, body } = await call(getHealth);
  expect(status).toBe(200);
  expect(body.status).toBe('ok');
});

test('the SPA origin proxies /api to the gateway, as CloudFront does', async () => {
  const response = await fetch(`${inject('portal').webUrl}/api/v1/health/`);
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ status: 'ok' });
});

test('the gateway serves the OpenAPI document generated from the contracts', async () => {
  const response = await fetch(`${inject('portal').apiUrl}/api/openapi.json`);
  const document = await response.json();
  expect(document.openapi).toMatch(/^3\./);
  expect(document.paths['/api/v1/token/'].post.operationId).toBe('postToken');
});

test('an unknown route answers 404 ROUTE_NOT_FOUND', async () => {
  const response = await fetch(`${inject('portal').apiUrl}/api/v1/nope/`);
  expect(response.status).toBe(404);
  expect(await response.json()).toEqual({ code: 'ROUTE_NOT_FOUND' });
});
