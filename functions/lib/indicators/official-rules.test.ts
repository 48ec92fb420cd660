import { describe, expect, test } from 'vitest';
import { ufDaily, utmMonthly } from './official-rules';
import { SAMPLE_IPC, sampleValues } from './sample';
import dataset from './sample-data.json';

/** Values published by the Banco Central (UF) and the SII (UTM), against the bundled IPC variations and anchors. */
describe('UF from the 10th to the 9th, geometric by the previous month’s IPC', () => {
  const uf = ufDaily(dataset.uf_anchor, SAMPLE_IPC, '2024-12-31');
  const on = (day: string) => uf.find((v) => v.day === day)?.value;

  test.each([
    ['2022-12-31', 35110.98],
    ['2023-12-31', 36789.36],
    ['2024-12-31', 38416.69],
  ])(
    'UF of %s is the published %d (within 5 centavos: the bank rounds its intermediate values its own way)',
    (day, published) => {
      expect(Math.abs((on(day) as number) - published)).toBeLessThan(0.05);
    },
  );

  test('one value per calendar day, each 9th times (1 + IPC) is the next 9th', () => {
    expect(uf).toHaveLength(1097); // 2021-12-31 to 2024-12-31
    const ninthJan = on('2024-01-09') as number;
    const ninthFeb = on('2024-02-09') as number;
    // Period 10 Jan – 9 Feb 2024 moves by December 2023's IPC (−0.5 %).
    expect(ninthFeb).toBeCloseTo(ninthJan * (1 - 0.005), 2);
    // Within the period the UF falls every day, geometrically.
    expect(on('2024-01-20') as number).toBeLessThan(on('2024-01-19') as number);
  });
});

describe('UTM(m) = UTM(m−1) × (1 + IPC(m−2)), rounded to pesos', () => {
  const utm = utmMonthly(dataset.utm_anchor, SAMPLE_IPC, '2025-02');
  const of = (month: string) => utm.find((v) => v.month === month)?.value;

  test.each([
    ['2023-01', 61769],
    ['2023-06', 63326],
    ['2023-08', 63199],
    ['2023-12', 64216],
    ['2024-01', 64666],
    ['2024-04', 65182],
    ['2024-12', 67294],
    ['2025-01', 67429],
    ['2025-02', 67294],
  ])('UTM of %s is the published %d', (month, published) => {
    expect(of(month)).toBe(published);
  });
});

describe('the bundled dataset', () => {
  test('gives nothing after its date, and the dólar values as published', () => {
    for (const code of ['dolar', 'uf', 'euro', 'utm', 'ipc'] as const) {
      for (const value of sampleValues(code)) {
        expect(value.day <= dataset.as_of).toBe(true);
        expect(value.source).toBe('sample');
      }
    }
    const dolar = sampleValues('dolar');
    expect(dolar.at(-1)).toEqual({ code: 'dolar', day: '2022-07-04', value: 934.54, source: 'sample' });
    // Only IPC months published by 4 July 2022 (May 2022 was published in June).
    expect(sampleValues('ipc').at(-1)).toMatchObject({ day: '2022-05-01', value: 1.2 });
    expect(sampleValues('utm').at(-1)).toMatchObject({ day: '2022-07-01' });
  });

  test('has no euro values, so none is made up', () => {
    expect(sampleValues('euro')).toEqual([]);
  });
});
