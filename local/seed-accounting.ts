import { aggregateLedger } from '../functions/lib/accounting/aggregate';
import { chartMap } from '../functions/lib/accounting/pipeline';
import type { ChartAccount, LedgerLine, LineTag, VoucherType } from '../functions/lib/accounting/types';
import { putChart, replaceSlices } from '../functions/lib/data/accounting-ledger';
import { indicatorValueOn, putIndicatorValues } from '../functions/lib/data/indicators';

/**
 * Demo accounting data (design/accounting.md "Demo data"): no open Chilean ledger exists, so a seeded random
 * generator writes a Spanish chart of about 40 accounts and two years of balanced vouchers (sales with 19% IVA,
 * purchases, collections, payments, payroll, rent, depreciation by basis, a loan, an asset purchase, corrección
 * monetaria on the tax basis, opening entries). A voucher that does not balance is refused (throws). The bench uses
 * the same generator at ~1M lines a year.
 */
type Row = [cod: string, nom: string, clase: ChartAccount['clase'], nivel2: string, parent1: string, flujo?: string];
const ROWS: Row[] = [
  ['1.1.01', 'Caja', 'ACTIVO', 'ACTIVOS CORRIENTES', 'Efectivo y equivalentes al efectivo'],
  ['1.1.02', 'Banco Estado', 'ACTIVO', 'ACTIVOS CORRIENTES', 'Efectivo y equivalentes al efectivo'],
  ['1.1.03', 'Banco de Chile', 'ACTIVO', 'ACTIVOS CORRIENTES', 'Efectivo y equivalentes al efectivo'],
  ['1.1.10', 'Clientes', 'ACTIVO', 'ACTIVOS CORRIENTES', 'Deudores comerciales', 'cobros_clientes'],
  ['1.1.11', 'Documentos por cobrar', 'ACTIVO', 'ACTIVOS CORRIENTES', 'Deudores comerciales', 'cobros_clientes'],
  ['1.1.20', 'Mercaderías', 'ACTIVO', 'ACTIVOS CORRIENTES', 'Inventarios', 'pagos_proveedores'],
  ['1.1.30', 'IVA crédito fiscal', 'ACTIVO', 'ACTIVOS CORRIENTES', 'Activos por impuestos corrientes', 'impuestos'],
  ['1.1.31', 'PPM por recuperar', 'ACTIVO', 'ACTIVOS CORRIENTES', 'Activos por impuestos corrientes', 'impuestos'],
  ['1.1.40', 'Gastos pagados por anticipado', 'ACTIVO', 'ACTIVOS CORRIENTES', 'Otros activos', 'pagos_proveedores'],
  ['1.2.01', 'Terrenos', 'ACTIVO', 'ACTIVOS NO CORRIENTES', 'Propiedades, planta y equipo', 'compra_activo_fijo'],
  [
    '1.2.02',
    'Maquinaria y equipos',
    'ACTIVO',
    'ACTIVOS NO CORRIENTES',
    'Propiedades, planta y equipo',
    'compra_activo_fijo',
  ],
  ['1.2.03', 'Vehículos', 'ACTIVO', 'ACTIVOS NO CORRIENTES', 'Propiedades, planta y equipo', 'compra_activo_fijo'],
  ['1.2.09', 'Depreciación acumulada', 'ACTIVO', 'ACTIVOS NO CORRIENTES', 'Propiedades, planta y equipo'],
  ['1.2.20', 'Activo por impuesto diferido', 'ACTIVO', 'ACTIVOS NO CORRIENTES', 'Impuestos diferidos'],
  ['2.1.01', 'Proveedores', 'PASIVO', 'PASIVOS CORRIENTES', 'Acreedores comerciales', 'pagos_proveedores'],
  ['2.1.02', 'Acreedores varios', 'PASIVO', 'PASIVOS CORRIENTES', 'Acreedores comerciales', 'pagos_proveedores'],
  ['2.1.10', 'IVA débito fiscal', 'PASIVO', 'PASIVOS CORRIENTES', 'Pasivos por impuestos corrientes', 'impuestos'],
  [
    '2.1.11',
    'Impuesto único por pagar',
    'PASIVO',
    'PASIVOS CORRIENTES',
    'Pasivos por impuestos corrientes',
    'impuestos',
  ],
  ['2.1.12', 'Retenciones por pagar', 'PASIVO', 'PASIVOS CORRIENTES', 'Otras cuentas por pagar', 'remuneraciones'],
  ['2.1.20', 'Remuneraciones por pagar', 'PASIVO', 'PASIVOS CORRIENTES', 'Otras cuentas por pagar', 'remuneraciones'],
  [
    '2.1.30',
    'Préstamo bancario corto plazo',
    'PASIVO',
    'PASIVOS CORRIENTES',
    'Otros pasivos financieros',
    'pago_prestamos',
  ],
  [
    '2.2.01',
    'Préstamo bancario largo plazo',
    'PASIVO',
    'PASIVOS NO CORRIENTES',
    'Otros pasivos financieros',
    'prestamos',
  ],
  ['2.2.10', 'Provisión indemnización años de servicio', 'PASIVO', 'PASIVOS NO CORRIENTES', 'Provisiones'],
  ['3.1.01', 'Capital pagado', 'PATRIMONIO', 'PATRIMONIO', 'Capital emitido', 'aportes_dividendos'],
  ['3.1.02', 'Revalorización capital propio', 'PATRIMONIO', 'PATRIMONIO', 'Otras reservas'],
  ['3.1.10', 'Resultados acumulados', 'PATRIMONIO', 'PATRIMONIO', 'Ganancias acumuladas', 'aportes_dividendos'],
  [
    '4.1.01',
    'Ventas de mercaderías',
    'INGRESO',
    'INGRESOS DE EXPLOTACIÓN',
    'Ingresos de actividades ordinarias',
    'cobros_clientes',
  ],
  [
    '4.1.02',
    'Ingresos por servicios',
    'INGRESO',
    'INGRESOS DE EXPLOTACIÓN',
    'Ingresos de actividades ordinarias',
    'cobros_clientes',
  ],
  ['4.2.01', 'Intereses ganados', 'INGRESO', 'RESULTADO NO OPERACIONAL', 'Ingresos financieros', 'intereses'],
  ['4.2.02', 'Corrección monetaria', 'INGRESO', 'RESULTADO NO OPERACIONAL', 'Resultado por unidades de reajuste'],
  ['5.1.01', 'Costo de ventas', 'GASTO', 'COSTOS DE EXPLOTACIÓN', 'Costo de ventas', 'pagos_proveedores'],
  [
    '5.2.01',
    'Remuneraciones',
    'GASTO',
    'GASTOS DE ADMINISTRACIÓN Y VENTAS',
    'Gastos por beneficios a los empleados',
    'remuneraciones',
  ],
  [
    '5.2.02',
    'Leyes sociales',
    'GASTO',
    'GASTOS DE ADMINISTRACIÓN Y VENTAS',
    'Gastos por beneficios a los empleados',
    'remuneraciones',
  ],
  [
    '5.2.03',
    'Arriendos',
    'GASTO',
    'GASTOS DE ADMINISTRACIÓN Y VENTAS',
    'Otros gastos por naturaleza',
    'pagos_proveedores',
  ],
  [
    '5.2.04',
    'Servicios básicos',
    'GASTO',
    'GASTOS DE ADMINISTRACIÓN Y VENTAS',
    'Otros gastos por naturaleza',
    'pagos_proveedores',
  ],
  [
    '5.2.05',
    'Honorarios',
    'GASTO',
    'GASTOS DE ADMINISTRACIÓN Y VENTAS',
    'Otros gastos por naturaleza',
    'pagos_proveedores',
  ],
  ['5.2.06', 'Depreciación del ejercicio', 'GASTO', 'GASTOS DE ADMINISTRACIÓN Y VENTAS', 'Gasto por depreciación'],
  ['5.3.01', 'Intereses pagados', 'GASTO', 'RESULTADO NO OPERACIONAL', 'Costos financieros', 'intereses'],
  ['5.3.02', 'Gastos bancarios', 'GASTO', 'RESULTADO NO OPERACIONAL', 'Costos financieros', 'pagos_proveedores'],
  ['5.4.01', 'Impuesto a la renta', 'GASTO', 'IMPUESTO A LA RENTA', 'Gasto por impuesto a las ganancias', 'impuestos'],
];

export const DEMO_CHART: ChartAccount[] = ROWS.map(([cod_cta, nom_cta, clase, nivel2, parent1, flujo]) => ({
  cod_cta,
  nom_cta,
  clase,
  nivel1: ['INGRESO', 'GASTO'].includes(clase) ? 'ESTADO DE RESULTADOS' : clase,
  nivel2,
  parent1,
  es_efectivo: cod_cta.startsWith('1.1.0'),
  flujo: flujo ?? '',
  imputable: true,
}));

/** mulberry32: a small seeded generator, so every start seeds the same figures. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface LedgerOptions {
  seed: number;
  years: number[];
  /** Sales vouchers a month (40 gives ~5.7k lines a year; 7,000 about 1M). */
  salesPerMonth: number;
}

/** Generates balanced vouchers; throws on any that does not balance. */
export function generateDemoLedger({ seed, years, salesPerMonth }: LedgerOptions): LedgerLine[] {
  const rand = random(seed);
  const between = (min: number, max: number) => Math.round(min + rand() * (max - min));
  const lines: LedgerLine[] = [];
  // Balances per basis view (tax: TRBT + AMBAS; IFRS: IFRS + AMBAS), carried into each next year's opening entries.
  const balances = { TRBT: new Map<string, number>(), IFRS: new Map<string, number>() };
  let number = 0;
  const voucher = (
    base: LineTag,
    fecha: string,
    tipo: VoucherType,
    glosa: string,
    entries: Array<[cod: string, debe: number, haber: number]>,
  ) => {
    const kept = entries.filter(([, d, h]) => d > 0 || h > 0);
    const debe = kept.reduce((s, [, d]) => s + d, 0);
    const haber = kept.reduce((s, [, , h]) => s + h, 0);
    if (debe !== haber || kept.length < 2) throw new Error(`unbalanced demo voucher ${glosa}: ${debe} / ${haber}`);
    number += 1;
    kept.forEach(([cod, d, h], i) => {
      lines.push({
        base,
        fecha,
        tipo_comp: tipo,
        nro_comp: String(number),
        linea: i + 1,
        cod_cta: cod,
        debe: d,
        haber: h,
        glosa,
        fec_doc: tipo === 'A' ? '' : fecha,
        flujo: '',
      });
      for (const view of ['TRBT', 'IFRS'] as const) {
        if (base === view || base === 'AMBAS') balances[view].set(cod, (balances[view].get(cod) ?? 0) + d - h);
      }
    });
  };
  const day = (year: number, month: number, d: number) =>
    `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, 28)).padStart(2, '0')}`;
  const scale = Math.max(1, salesPerMonth / 40);

  years.forEach((year, yearIndex) => {
    // Opening entry: the first year from the owners' contribution; later ones carry the tax balances forward with the
    // year's result into Resultados acumulados (so every year's statements start where the last one ended).
    if (yearIndex === 0) {
      const capital = Math.round(180_000_000 * scale);
      voucher('AMBAS', day(year, 1, 1), 'A', 'Asiento de apertura', [
        ['1.1.02', Math.round(capital * 0.6), 0],
        ['1.2.01', Math.round(capital * 0.25), 0],
        ['1.2.02', capital - Math.round(capital * 0.6) - Math.round(capital * 0.25), 0],
        ['3.1.01', 0, capital],
      ]);
    } else {
      // One opening entry per basis: each view carries its own balances (depreciation and corrección monetaria
      // differ), with the year's result into Resultados acumulados.
      const openings = (['TRBT', 'IFRS'] as const).map((view) => {
        const merged = new Map<string, number>();
        let result = 0;
        for (const account of DEMO_CHART) {
          const balance = balances[view].get(account.cod_cta) ?? 0;
          if (account.clase === 'INGRESO' || account.clase === 'GASTO') result += balance;
          else if (balance !== 0) merged.set(account.cod_cta, balance);
        }
        merged.set('3.1.10', (merged.get('3.1.10') ?? 0) + result);
        return { view, merged };
      });
      balances.TRBT.clear();
      balances.IFRS.clear();
      for (const { view, merged } of openings) {
        voucher(
          view,
          day(year, 1, 1),
          'A',
          'Asiento de apertura',
          [...merged]
            .filter(([, net]) => net !== 0)
            .map(([cod, net]): [string, number, number] => [cod, Math.max(net, 0), Math.max(-net, 0)]),
        );
      }
    }
    for (let month = 1; month <= 12; month++) {
      let receivable = 0;
      let payable = 0;
      for (let s = 0; s < salesPerMonth; s++) {
        const net = between(150_000, 3_500_000);
        const iva = Math.round(net * 0.19);
        const account = rand() < 0.7 ? '4.1.01' : '4.1.02';
        voucher('AMBAS', day(year, month, between(1, 28)), 'T', `Factura de venta ${number + 1}`, [
          ['1.1.10', net + iva, 0],
          [account, 0, net],
          ['2.1.10', 0, iva],
        ]);
        if (account === '4.1.01') {
          const cost = Math.round(net * (0.45 + rand() * 0.2));
          voucher('AMBAS', day(year, month, between(1, 28)), 'T', 'Costo de la venta', [
            ['5.1.01', cost, 0],
            ['1.1.20', 0, cost],
          ]);
        }
        receivable += net + iva;
      }
      // Customers pay most of the month's invoices; part of it in cash.
      const collected = Math.round(receivable * (0.75 + rand() * 0.2));
      const inCash = Math.round(collected * 0.1);
      voucher('AMBAS', day(year, month, 25), 'I', 'Cobranza de clientes', [
        ['1.1.02', collected - inCash, 0],
        ['1.1.01', inCash, 0],
        ['1.1.10', 0, collected],
      ]);
      for (let p = 0; p < Math.max(2, Math.round(salesPerMonth / 2)); p++) {
        const net = between(200_000, 2_800_000);
        const iva = Math.round(net * 0.19);
        voucher('AMBAS', day(year, month, between(1, 28)), 'T', 'Factura de compra', [
          ['1.1.20', net, 0],
          ['1.1.30', iva, 0],
          ['2.1.01', 0, net + iva],
        ]);
        payable += net + iva;
      }
      const paid = Math.round(payable * (0.7 + rand() * 0.25));
      voucher('AMBAS', day(year, month, 28), 'E', 'Pago a proveedores', [
        ['2.1.01', paid, 0],
        ['1.1.02', 0, paid],
      ]);
      const gross = Math.round(between(8_000_000, 9_500_000) * scale);
      const withheld = Math.round(gross * 0.2);
      voucher('AMBAS', day(year, month, 30), 'T', 'Centralización de remuneraciones', [
        ['5.2.01', gross, 0],
        ['5.2.02', Math.round(gross * 0.03), 0],
        ['2.1.20', 0, gross - withheld],
        ['2.1.12', 0, withheld + Math.round(gross * 0.03)],
      ]);
      voucher('AMBAS', day(year, month, 30), 'E', 'Pago de remuneraciones', [
        ['2.1.20', gross - withheld, 0],
        ['1.1.02', 0, gross - withheld],
      ]);
      voucher('AMBAS', day(year, month, 12), 'E', 'Pago de leyes sociales', [
        ['2.1.12', withheld + Math.round(gross * 0.03), 0],
        ['1.1.02', 0, withheld + Math.round(gross * 0.03)],
      ]);
      const rent = Math.round(1_800_000 * scale);
      voucher('AMBAS', day(year, month, 5), 'E', 'Arriendo de oficina', [
        ['5.2.03', rent, 0],
        ['1.1.02', 0, rent],
      ]);
      const utilities = between(180_000, 420_000);
      voucher('AMBAS', day(year, month, 15), 'E', 'Servicios básicos', [
        ['5.2.04', utilities, 0],
        ['1.1.01', 0, utilities],
      ]);
      // IVA: the month's débito net of crédito, paid the next month through the bank (F29).
      const ivaDue = Math.round(salesPerMonth * 250_000 * (0.8 + rand() * 0.4));
      voucher('AMBAS', day(year, month, 20), 'E', 'Pago F29 (IVA)', [
        ['2.1.10', ivaDue, 0],
        ['1.1.02', 0, ivaDue],
      ]);
      // Depreciation differs by basis (IFRS useful lives vs the SII's tax lives).
      voucher('IFRS', day(year, month, 30), 'T', 'Depreciación IFRS', [
        ['5.2.06', Math.round(650_000 * scale), 0],
        ['1.2.09', 0, Math.round(650_000 * scale)],
      ]);
      voucher('TRBT', day(year, month, 30), 'T', 'Depreciación tributaria', [
        ['5.2.06', Math.round(900_000 * scale), 0],
        ['1.2.09', 0, Math.round(900_000 * scale)],
      ]);
      if (yearIndex === 0 && month === 2) {
        voucher('AMBAS', day(year, month, 3), 'I', 'Préstamo bancario', [
          ['1.1.02', Math.round(60_000_000 * scale), 0],
          ['2.2.01', 0, Math.round(60_000_000 * scale)],
        ]);
      }
      if (!(yearIndex === 0 && month <= 2)) {
        const principal = Math.round(1_500_000 * scale);
        const interest = Math.round(420_000 * scale);
        voucher('AMBAS', day(year, month, 10), 'E', 'Cuota préstamo bancario', [
          ['2.2.01', principal, 0],
          ['5.3.01', interest, 0],
          ['1.1.02', 0, principal + interest],
        ]);
      }
      if (month === 4) {
        const truck = Math.round(between(25_000_000, 32_000_000) * scale);
        voucher('AMBAS', day(year, month, 8), 'E', 'Compra de vehículo', [
          ['1.2.03', truck, 0],
          ['1.1.02', 0, truck],
        ]);
      }
      if (month === 12) {
        // Corrección monetaria exists on the tax basis only (DL 824, art. 41).
        const cm = Math.round(2_300_000 * scale);
        voucher('TRBT', day(year, month, 31), 'T', 'Corrección monetaria', [
          ['1.2.02', cm, 0],
          ['3.1.02', 0, Math.round(cm * 0.4)],
          ['4.2.02', 0, cm - Math.round(cm * 0.4)],
        ]);
      }
    }
  });
  return lines;
}

/** The years the demo shows: the two calendar years before the current one. */
export const demoYears = (now = new Date()) => [now.getUTCFullYear() - 2, now.getUTCFullYear() - 1];

/**
 * Dólar observado for the demo years when the indicators seed has not stored it: a seeded walk around
 * 900 on business days, marked 'sample'.
 */
async function ensureDollar(years: number[]): Promise<void> {
  const first = `${years[0]}-01-31`;
  if (await indicatorValueOn('dolar', first)) return;
  const rand = random(2026);
  let value = 880;
  const values = [];
  for (const year of years) {
    for (let time = Date.UTC(year, 0, 1); time <= Date.UTC(year, 11, 31); time += 86_400_000) {
      const date = new Date(time);
      if (date.getUTCDay() === 0 || date.getUTCDay() === 6) continue;
      value = Math.min(1000, Math.max(800, value + (rand() - 0.5) * 8));
      values.push({
        code: 'dolar' as const,
        day: date.toISOString().slice(0, 10),
        value: Math.round(value * 100) / 100,
        source: 'sample',
      });
    }
  }
  await putIndicatorValues(values);
}

/** Chart and two years of ledger for each demo society (local/seed.ts calls it once, with the demo's uuids). */
export async function seedAccounting(societies: string[]): Promise<void> {
  const years = demoYears();
  const chart = chartMap(DEMO_CHART);
  for (const [index, society] of societies.entries()) {
    await putChart(society, DEMO_CHART);
    const lines = generateDemoLedger({ seed: 1000 + index, years, salesPerMonth: 30 + index * 10 });
    await replaceSlices(society, aggregateLedger(lines, chart));
  }
  await ensureDollar(years);
}
