import { describe, expect, test } from 'vitest';
import type { ChartAccount } from '../lib/accounting/types';
import { accountingPanels, monthlyMovements } from './dashboard-accounting';
import { documentPanels, lastMonths } from './dashboard-documents';

/** The built-in dashboards' arithmetic, on hand-worked cases. */
const account = (cod_cta: string, clase: ChartAccount['clase']): ChartAccount => ({
  cod_cta,
  nom_cta: cod_cta,
  clase,
  nivel1: '',
  nivel2: '',
  parent1: '',
  es_efectivo: false,
  flujo: '',
  imputable: true,
});

describe('documents activity', () => {
  test('documents per month over the last twelve months; the largest folders in MB, tax folders by form and year', () => {
    const now = new Date('2026-11-23T10:00:00Z');
    expect(lastMonths(now)).toHaveLength(12);
    expect(lastMonths(now)[0]).toBe('2025-12');
    expect(lastMonths(now)[11]).toBe('2026-11');
    const feed = [
      { n: 'a.pdf', f: 'T1', c: '2026-11-02T00:00:00Z' },
      { n: 'b.pdf', f: 'T1', c: '2026-11-20T00:00:00Z' },
      { n: 'c.pdf', f: 'T1', c: '2026-09-01T00:00:00Z' },
      // Older than twelve months: left out.
      { n: 'd.pdf', f: 'T1', c: '2024-01-01T00:00:00Z' },
    ];
    const stats = [
      new Map([
        ['T1', { size: 3 * 1024 * 1024, files: 3 }],
        ['ALL', { size: 4 * 1024 * 1024, files: 4 }],
      ]),
      new Map([
        ['T1', { size: 1024 * 1024, files: 1 }],
        ['TAX#F22#2021', { size: 512 * 1024, files: 1 }],
      ]),
    ];
    const [perMonth, sizes] = documentPanels(feed, stats, new Map([['T1', 'Balances']]), now);
    expect(perMonth?.points.at(-1)).toEqual({ label: '2026-11', value: 2 });
    expect(perMonth?.points.find((p) => p.label === '2026-09')?.value).toBe(1);
    expect(perMonth?.points.reduce((sum, p) => sum + p.value, 0)).toBe(3);
    expect(sizes?.title).toBe('Espacio por carpeta (MB)');
    expect(sizes?.points).toEqual([
      { label: 'Balances', value: 4 },
      { label: 'F22 2021', value: 0.5 },
    ]);
    // A firm's first small files read in KB, not as 0,00 MB.
    const [, small] = documentPanels(feed, [new Map([['T1', { size: 1536, files: 1 }]])], new Map(), now);
    expect(small?.title).toBe('Espacio por carpeta (KB)');
    expect(small?.points).toEqual([{ label: 'T1', value: 1.5 }]);
  });
});

describe('accounting summary', () => {
  test('revenue, expenses and result per month, IFRS and AMBAS slices added up, in thousands', () => {
    const chart = new Map([
      ['4.1', account('4.1', 'INGRESO')],
      ['5.1', account('5.1', 'GASTO')],
      ['1.1', account('1.1', 'ACTIVO')],
    ]);
    const aggregates = new Map([
      [
        'IFRS#2026-01',
        { accounts: { '4.1': [0, 900_000], '1.1': [900_000, 0] }, flows: {}, cash_change: 0, cash_opening: 0 },
      ],
      [
        'AMBAS#2026-01',
        { accounts: { '4.1': [0, 100_000], '5.1': [400_000, 0] }, flows: {}, cash_change: 0, cash_opening: 0 },
      ],
      ['IFRS#2026-02', { accounts: { '5.1': [250_000, 50_000] }, flows: {}, cash_change: 0, cash_opening: 0 }],
    ] as const);
    const months = monthlyMovements(new Map(aggregates as unknown as Array<[string, never]>));
    const [revenue, expenses, result] = accountingPanels(chart, months);
    expect(revenue?.points).toEqual([
      { label: '2026-01', value: 1000 },
      { label: '2026-02', value: 0 },
    ]);
    expect(expenses?.points).toEqual([
      { label: '2026-01', value: 400 },
      { label: '2026-02', value: 200 },
    ]);
    expect(result?.points).toEqual([
      { label: '2026-01', value: 600 },
      { label: '2026-02', value: -200 },
    ]);
  });
});
