import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { ResponseOf } from '../../shared/contracts/define';
import { getIndicators } from '../../shared/contracts/indicators';
import { ROLES } from '../../shared/roles';
import { call, signIn } from '../helpers/api';
import { tableAccess } from '../helpers/db';
import { dynamoCallsOf } from '../helpers/in-process';

/**
 * Over the real local services: the test portal ran the scheduled job once at start against the bundled
 * dataset (local/seed-indicators.ts), GET api/v1/indicators/ serves what it stored, and a failed fetch leaves the
 * stored values intact (DynamoDB Local).
 */
const EMAIL_OF_ROLE = {
  SUPER_ADMIN: 'superadmin@demo.cl',
  PROJECT_ADMIN: 'proyecto@demo.cl',
  GROUP_ADMIN: 'grupo@demo.cl',
  USER_GROUP: 'usuariogrupo@demo.cl',
  USER_SOCIETY: 'sociedad@demo.cl',
} as const;

let token: string;
beforeAll(async () => {
  token = (await signIn(EMAIL_OF_ROLE.USER_SOCIETY)).access;
});

type Summary = ResponseOf<typeof getIndicators>['indicators'][number];
const byCode = (body: { indicators: Summary[] }): Record<string, Summary> =>
  Object.fromEntries(body.indicators.map((indicator) => [indicator.code, indicator]));

describe('GET api/v1/indicators/', () => {
  test('answers 401 without a token, and 401 with a forged one', async () => {
    expect((await call(getIndicators)).status).toBe(401);
    expect((await call(getIndicators, { token: 'not.a.token' })).status).toBe(401);
  });

  test.each(ROLES)('answers every role (%s)', async (role) => {
    const { access } = await signIn(EMAIL_OF_ROLE[role]);
    const { status, body } = await call(getIndicators, { token: access });
    expect(status).toBe(200);
    expect(body.indicators.map((indicator) => indicator.code)).toEqual(['dolar', 'uf', 'euro', 'utm', 'ipc']);
  });

  test('gives the bundled dataset’s latest value, its date, variation, series and source', async () => {
    const { body } = await call(getIndicators, { token });
    const { dolar, uf, euro, utm, ipc } = byCode(body);
    expect(dolar).toMatchObject({ value: 934.54, day: '2022-07-04', source: 'sample' });
    // (934.54 − 932.08) / 932.08 = +0.26 %
    expect(dolar?.variation).toBe(0.26);
    const dolarSeries = dolar?.series ?? [];
    expect((dolarSeries[0]?.day ?? '') >= '2022-06-04').toBe(true);
    expect(dolarSeries.at(-1)).toEqual({ day: '2022-07-04', value: 934.54 });
    // The published days from 6 June to 4 July 2022 (no values on weekends nor on the 21 and 27 June holidays).
    expect(dolarSeries.length).toBe(19);
    // UF by the official rule from the 31-12-2021 anchor; 31 daily values.
    expect(uf).toMatchObject({ value: 33139.5, day: '2022-07-04', source: 'sample' });
    expect(uf?.series).toHaveLength(31);
    expect(utm).toMatchObject({ value: 58248, day: '2022-07-01' });
    // IPC is itself a variation: its change is in percentage points (May 1.2 − April 1.4).
    expect(ipc).toMatchObject({ value: 1.2, day: '2022-05-01', variation: -0.2 });
    // The euro's two sample days, 13-04 and 24-06-2022: the latest with its own date (not carried to 4 July), and no
    // variation, since the value before lies outside its 30-day window; nothing in between is made up.
    expect(euro).toEqual({
      code: 'euro',
      value: 945.21,
      day: '2022-06-24',
      variation: null,
      series: [{ day: '2022-06-24', value: 945.21 }],
      source: 'sample',
    });
  });
});

test('the home’s indicators cost one DynamoDB Query per indicator, whatever the history stored', async () => {
  await tableAccess(); // the environment the functions' modules read
  const { indicatorSummaries } = await import('../../functions/indicators/summaries');
  const { operations, result: summaries } = await dynamoCallsOf(indicatorSummaries);
  expect(summaries.map((s) => s.code)).toEqual(['dolar', 'uf', 'euro', 'utm', 'ipc']);
  expect(operations).toEqual(Array(5).fill('Query'));
});

describe('the scheduled job', () => {
  let stub: Server;
  let stubUrl: string;
  let answers: Record<string, { status: number; body: unknown }> = {};

  beforeAll(async () => {
    stub = createServer((request, response) => {
      const answer = answers[request.url ?? ''] ?? { status: 503, body: { error: 'Servicio no disponible' } };
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
    stub.listen(0, '127.0.0.1');
    await once(stub, 'listening');
    stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => stub.close(() => resolve())));

  const runJob = async () => {
    await tableAccess(); // the job's modules read the test portal's table settings from the environment
    const { refreshIndicators } = await import('../../functions/lib/indicators/refresh');
    const { configuredProvider } = await import('../../functions/lib/indicators/configured-provider');
    const provider = configuredProvider({ INDICATORS_PROVIDER: 'mindicador', INDICATORS_MINDICADOR_URL: stubUrl });
    return refreshIndicators(provider, '2022-07-04');
  };

  test('a failed fetch writes nothing and the last stored values stay', async () => {
    const before = (await call(getIndicators, { token })).body;
    answers = {};
    const outcome = await runJob();
    expect(Object.keys(outcome.failed).sort()).toEqual(['dolar', 'euro', 'ipc', 'uf', 'utm']);
    expect(outcome.stored).toEqual({});
    expect((await call(getIndicators, { token })).body).toEqual(before);
  });

  test('an unusable answer for one indicator keeps its values while the others are refreshed', async () => {
    const before = byCode((await call(getIndicators, { token })).body);
    answers = {
      // A real value of a day before the dataset's first dólar (9 May 2022): history grows, the latest stays.
      '/api/dolar': {
        status: 200,
        body: {
          codigo: 'dolar',
          nombre: 'Dólar observado',
          unidad_medida: 'Pesos',
          serie: [{ fecha: '2022-05-09T04:00:00.000Z', valor: 857.58 }],
        },
      },
      '/api/uf': { status: 200, body: { codigo: 'uf', serie: [{ fecha: '2022-07-04T04:00:00.000Z', valor: 'n/d' }] } },
    };
    const outcome = await runJob();
    expect(outcome.stored).toEqual({ dolar: 1 });
    expect(outcome.failed.uf).toMatch(/without date or number/);

    const { indicatorValueOn } = await import('../../functions/lib/data/indicators');
    expect(await indicatorValueOn('dolar', '2022-05-09')).toEqual({
      code: 'dolar',
      day: '2022-05-09',
      value: 857.58,
      source: 'mindicador',
    });
    const after = byCode((await call(getIndicators, { token })).body);
    expect(after.uf).toEqual(before.uf);
    expect(after.dolar).toEqual(before.dolar);
  });
  test('the Lambda entry fails the run when no indicator refreshed (Scheduler retries), and stores the dataset', async () => {
    await tableAccess();
    const { handler } = await import('../../functions/indicators/refresh');
    const saved = { ...process.env };
    try {
      Object.assign(process.env, { INDICATORS_PROVIDER: 'mindicador', INDICATORS_MINDICADOR_URL: stubUrl });
      answers = {};
      await expect(handler()).rejects.toThrow(/No indicator refreshed/);

      process.env.INDICATORS_PROVIDER = 'sample';
      const { logger } = await import('../../functions/lib/logger');
      const info = vi.spyOn(logger, 'info');
      const outcome = await handler();
      expect(outcome.failed).toEqual({});
      expect(outcome.stored).toMatchObject({ dolar: 38, euro: 2, utm: 7, ipc: 17 });
      expect(outcome.stored.uf).toBe(186); // every day from 31-12-2021 to 04-07-2022
      // Each run reports how far behind the stored dólar is, read back from the table (the IndicatorsStale metric).
      const staleness = info.mock.calls.find(([message]) => message === 'indicators staleness')?.[1] as
        | { indicators_stale_business_days: number; latest_dolar_day: string }
        | undefined;
      info.mockRestore();
      const { businessDaysSince } = await import('../../functions/lib/indicators/staleness');
      const { chileToday } = await import('../../functions/indicators/refresh');
      expect((staleness?.latest_dolar_day ?? '') >= '2022-07-04').toBe(true);
      expect(staleness?.indicators_stale_business_days).toBe(
        businessDaysSince(staleness?.latest_dolar_day ?? '', chileToday()),
      );
    } finally {
      process.env.INDICATORS_PROVIDER = saved.INDICATORS_PROVIDER;
      process.env.INDICATORS_MINDICADOR_URL = saved.INDICATORS_MINDICADOR_URL;
      if (saved.INDICATORS_PROVIDER === undefined) delete process.env.INDICATORS_PROVIDER;
      if (saved.INDICATORS_MINDICADOR_URL === undefined) delete process.env.INDICATORS_MINDICADOR_URL;
    }
  });
});
