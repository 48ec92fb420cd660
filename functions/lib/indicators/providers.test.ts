import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseChileanNumber } from './chilean-number';
import { cmfProvider } from './cmf';
import { mindicadorProvider } from './mindicador';

/**
 * Each provider against a stub HTTP server on 127.0.0.1 serving its real response shape. The stub records
 * the requests it gets, so the tests also see which URL (and API key) a provider asks for.
 */
type Route = { status?: number; body: unknown };
let routes: Record<string, Route> = {};
const requests: string[] = [];
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(request.url ?? '');
    const path = (request.url ?? '').split('?')[0] as string;
    const route = routes[path];
    response.writeHead(route?.status ?? (route ? 200 : 404), { 'content-type': 'application/json' });
    response.end(typeof route?.body === 'string' ? route.body : JSON.stringify(route?.body ?? { error: 'not found' }));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('mindicador', () => {
  const dolar = {
    version: '1.7.0',
    autor: 'mindicador.cl',
    codigo: 'dolar',
    nombre: 'Dólar observado',
    unidad_medida: 'Pesos',
    serie: [
      { fecha: '2022-07-04T04:00:00.000Z', valor: 934.54 },
      { fecha: '2022-07-01T04:00:00.000Z', valor: 932.08 },
      { fecha: '2022-04-01T03:00:00.000Z', valor: 787.98 },
    ],
  };

  test('reads the series of GET /api/{tipo}, dated on the Chilean calendar day', async () => {
    routes = { '/api/dolar': { body: dolar } };
    const values = await mindicadorProvider(baseUrl).fetchRecent('dolar', '2022-07-04');
    expect(requests.at(-1)).toBe('/api/dolar');
    expect(values).toEqual([
      { code: 'dolar', day: '2022-07-04', value: 934.54, source: 'mindicador' },
      { code: 'dolar', day: '2022-07-01', value: 932.08, source: 'mindicador' },
      { code: 'dolar', day: '2022-04-01', value: 787.98, source: 'mindicador' },
    ]);
  });

  test('dates UTM and IPC on their month’s first day', async () => {
    routes = {
      '/api/ipc': {
        body: {
          ...dolar,
          codigo: 'ipc',
          unidad_medida: 'Porcentaje',
          serie: [{ fecha: '2022-05-01T04:00:00.000Z', valor: 1.2 }],
        },
      },
    };
    expect(await mindicadorProvider(baseUrl).fetchRecent('ipc', '2022-07-04')).toEqual([
      { code: 'ipc', day: '2022-05-01', value: 1.2, source: 'mindicador' },
    ]);
  });

  test.each([
    ['an HTTP error', { status: 500, body: { error: 'boom' } }],
    ['another indicator', { body: { ...dolar, codigo: 'euro' } }],
    ['a point without a number', { body: { ...dolar, serie: [{ fecha: '2022-07-04T04:00:00.000Z', valor: null }] } }],
    ['a body that is not JSON', { body: '<html>mantención</html>' }],
  ])('refuses %s', async (_, route) => {
    routes = { '/api/dolar': route as Route };
    await expect(mindicadorProvider(baseUrl).fetchRecent('dolar', '2022-07-04')).rejects.toThrow();
  });
});

describe('CMF', () => {
  test('asks /api-sbifv3/recursos_api/{code}/{yyyy} with the key and reads Chilean numbers', async () => {
    routes = {
      '/api-sbifv3/recursos_api/uf/2021': {
        body: {
          UFs: [
            { Valor: '29.061,89', Fecha: '2021-01-09' },
            { Valor: '29.060,90', Fecha: '2021-01-10' },
          ],
        },
      },
    };
    const values = await cmfProvider(baseUrl, async () => 'clave de prueba').fetchRecent('uf', '2021-03-01');
    expect(requests.at(-1)).toBe('/api-sbifv3/recursos_api/uf/2021?apikey=clave%20de%20prueba&formato=json');
    expect(values).toEqual([
      { code: 'uf', day: '2021-01-09', value: 29061.89, source: 'cmf' },
      { code: 'uf', day: '2021-01-10', value: 29060.9, source: 'cmf' },
    ]);
  });

  test('early in the year also asks the previous year, so 30 days are complete; UTM dated on the 1st', async () => {
    routes = {
      '/api-sbifv3/recursos_api/utm/2023': { body: { UTMs: [{ Valor: '64.216', Fecha: '2023-12-01' }] } },
      '/api-sbifv3/recursos_api/utm/2024': { body: { UTMs: [{ Valor: '64.666', Fecha: '2024-01-01' }] } },
    };
    const values = await cmfProvider(baseUrl, async () => 'k').fetchRecent('utm', '2024-01-05');
    expect(values.map((v) => [v.day, v.value])).toEqual([
      ['2023-12-01', 64216],
      ['2024-01-01', 64666],
    ]);
  });

  test.each([
    ['the wrong list', { body: { Dolares: [] } }],
    ['a value in another format', { body: { UFs: [{ Valor: '29,061.89', Fecha: '2021-01-09' }] } }],
    ['an HTTP error', { status: 401, body: { CodigoHTTP: 401, Mensaje: 'ApiKey no válida' } }],
  ])('refuses %s', async (_, route) => {
    routes = { '/api-sbifv3/recursos_api/uf/2021': route as Route };
    await expect(cmfProvider(baseUrl, async () => 'k').fetchRecent('uf', '2021-03-01')).rejects.toThrow();
  });
});

describe('Chilean number format', () => {
  test.each([
    ['29.061,89', 29061.89],
    ['64.666', 64666],
    ['934,54', 934.54],
    ['-0,5', -0.5],
    ['0,3', 0.3],
    ['1.035,28', 1035.28],
  ])('%s is %d', (text, value) => {
    expect(parseChileanNumber(text)).toBe(value);
  });

  test.each(['29,061.89', '', 'abc', '1.23', '12.34,5,6'])('refuses %j', (text) => {
    expect(() => parseChileanNumber(text)).toThrow();
  });
});
