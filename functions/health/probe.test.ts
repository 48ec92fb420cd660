import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probe } from './probe';

/** A real HTTP server answering what each path asks: the probe is proved against sockets, not a stubbed fetch. */
let server: Server;
let base: string;
const held: Array<() => void> = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/ok') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ status: 'ok', time: '2025-05-02T12:00:00.000Z' }));
    } else if (request.url === '/busy') {
      response.writeHead(503, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ code: 'SERVICE_BUSY' }));
    } else if (request.url === '/html') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<!doctype html><div id="root"></div>');
    } else {
      // Never answers until the test ends: the probe's own timeout must end the wait.
      held.push(() => response.end());
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const release of held) release();
  await new Promise((resolve) => server.close(resolve));
});

describe('health probe', () => {
  it('passes on a 200 whose body says ok', async () => {
    expect(await probe(`${base}/ok`)).toMatchObject({ health_failed: 0, status: 200 });
  });

  it('fails on a 5xx, on a 200 that is not the health answer (the SPA), and on a refused connection', async () => {
    expect(await probe(`${base}/busy`)).toMatchObject({ health_failed: 1, status: 503 });
    expect(await probe(`${base}/html`)).toMatchObject({ health_failed: 1, status: 200 });
    expect(await probe('http://127.0.0.1:1/')).toMatchObject({ health_failed: 1, reason: 'TypeError' });
  });

  it('fails when the endpoint does not answer within its timeout', async () => {
    const result = await probe(`${base}/hang`, 200);
    expect(result).toMatchObject({ health_failed: 1, reason: 'TimeoutError' });
  });
});
