import fc from 'fast-check';

/**
 * Random balanced ledgers for the accounting property tests: the in-process one
 * (functions/lib/accounting/accounting.property.test.ts) and the one through the HTTP API
 * (test/integration/accounting-property.test.ts) draw from the same generator, write the same CSV and check against
 * the same reading.
 */
/** The accounts the random ledgers post to: a small Spanish chart with cash, balance and result accounts. */
export const CHART_CSV = [
  'cod_cta;nom_cta;clase;nivel1;nivel2;parent1;es_efectivo;flujo;imputable',
  '1.1.01;Caja;ACTIVO;ACTIVO;ACTIVOS CORRIENTES;Efectivo;S;;S',
  '1.1.02;Banco;ACTIVO;ACTIVO;ACTIVOS CORRIENTES;Efectivo;S;;S',
  '1.1.10;Clientes;ACTIVO;ACTIVO;ACTIVOS CORRIENTES;Deudores;N;cobros_clientes;S',
  '1.2.01;Maquinaria;ACTIVO;ACTIVO;ACTIVOS NO CORRIENTES;Activo fijo;N;compra_activo_fijo;S',
  '1.2.02;Depreciación acumulada;ACTIVO;ACTIVO;ACTIVOS NO CORRIENTES;Activo fijo;N;;S',
  '2.1.01;Proveedores;PASIVO;PASIVO;PASIVOS CORRIENTES;Acreedores;N;pagos_proveedores;S',
  '2.2.01;Préstamo bancario;PASIVO;PASIVO;PASIVOS NO CORRIENTES;Préstamos;N;prestamos;S',
  '3.1.01;Capital;PATRIMONIO;PATRIMONIO;PATRIMONIO;Capital;N;aportes_dividendos;S',
  '4.1.01;Ventas;INGRESO;RESULTADO;INGRESOS DE EXPLOTACIÓN;Ventas;N;cobros_clientes;S',
  '5.1.01;Costo de ventas;GASTO;RESULTADO;COSTOS DE EXPLOTACIÓN;Costos;N;pagos_proveedores;S',
  '5.2.01;Remuneraciones;GASTO;RESULTADO;GASTOS DE ADMINISTRACIÓN;Gastos;N;remuneraciones;S',
  '5.2.02;Depreciación;GASTO;RESULTADO;GASTOS DE ADMINISTRACIÓN;Gastos;N;;S',
].join('\n');
export const CODES = CHART_CSV.split('\n')
  .slice(1)
  .map((row) => row.split(';')[0] as string);
/** The result accounts (loss and gain columns of the 8-column balance). */
export const RESULT_CODES: ReadonlySet<string> = new Set(['4.1.01', '5.1.01', '5.2.01', '5.2.02']);

export interface Voucher {
  base: 'TRBT' | 'IFRS' | 'AMBAS';
  month: number;
  day: number;
  tipo: 'A' | 'I' | 'E' | 'T' | 'C';
  lines: Array<{ code: string; debe: number; haber: number }>;
}

/** A balanced voucher on the given accounts: some debit lines, and credit lines splitting the same total (each ≥ 1). */
export const voucherArb = (codes: readonly string[]): fc.Arbitrary<Voucher> =>
  fc
    .record({
      base: fc.constantFrom('TRBT' as const, 'IFRS' as const, 'AMBAS' as const),
      month: fc.integer({ min: 1, max: 12 }),
      day: fc.integer({ min: 1, max: 28 }),
      tipo: fc.constantFrom('A' as const, 'I' as const, 'E' as const, 'T' as const, 'T' as const, 'C' as const),
      debits: fc.array(fc.record({ code: fc.constantFrom(...codes), amount: fc.integer({ min: 1, max: 5_000_000 }) }), {
        minLength: 1,
        maxLength: 4,
      }),
      creditCodes: fc.array(fc.constantFrom(...codes), { minLength: 1, maxLength: 3 }),
      cuts: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 3, maxLength: 3 }),
    })
    .map(({ base, month, day, tipo, debits, creditCodes, cuts }) => {
      const total = debits.reduce((s, d) => s + d.amount, 0);
      // Credits split the same total, each at least 1 (a line has exactly one side > 0).
      const credits: number[] = [];
      let left = total;
      creditCodes.forEach((_, i) => {
        const remaining = creditCodes.length - i - 1;
        const amount =
          remaining === 0 ? left : Math.max(1, Math.min(left - remaining, Math.floor(left * (cuts[i] ?? 0.5))));
        credits.push(amount);
        left -= amount;
      });
      return {
        base,
        month,
        day,
        tipo,
        lines: [
          ...debits.map((d) => ({ code: d.code, debe: d.amount, haber: 0 })),
          ...creditCodes.map((code, i) => ({ code, debe: 0, haber: credits[i] as number })),
        ],
      };
    })
    .filter((v) => v.lines.every((l) => l.debe + l.haber > 0));

/**
 * The 8 columns straight from the vouchers (no aggregates), January to `month`, closing entries left out: the tests'
 * own reading of the formulas. `resultCodes` are the accounts of the results (loss and gain columns).
 */
export function independentBalance(
  vouchers: Voucher[],
  rule: 'IFRS' | 'TRBT',
  month: number,
  resultCodes: ReadonlySet<string>,
) {
  const sums = new Map<string, [number, number]>();
  for (const v of vouchers) {
    if (v.month > month || v.tipo === 'C' || !(v.base === rule || v.base === 'AMBAS')) continue;
    for (const l of v.lines) {
      const s = sums.get(l.code) ?? [0, 0];
      s[0] += l.debe;
      s[1] += l.haber;
      sums.set(l.code, s);
    }
  }
  return [...sums.entries()]
    .filter(([, [d, c]]) => d !== 0 || c !== 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([cod_cta, [d, c]]) => {
      const net = d - c;
      const result = resultCodes.has(cod_cta);
      return {
        cod_cta,
        debitos: d,
        creditos: c,
        deudor: Math.max(net, 0),
        acreedor: Math.max(-net, 0),
        activo: !result && net > 0 ? net : 0,
        pasivo: !result && net < 0 ? -net : 0,
        perdida: result && net > 0 ? net : 0,
        ganancia: result && net < 0 ? -net : 0,
      };
    });
}

/**
 * The ledger CSV of these vouchers in `year`, for the society `rut`: every other amount in Chilean format (1.190.000)
 * and CRLF line ends, as Excel in es-CL writes them.
 */
export function voucherLedgerCsv(rut: string, year: number, vouchers: readonly Voucher[]): string {
  const rows = ['rut_sociedad;base;fecha;tipo_comp;nro_comp;linea;cod_cta;debe;haber;glosa'];
  vouchers.forEach((v, n) => {
    const date = `${year}-${String(v.month).padStart(2, '0')}-${String(v.day).padStart(2, '0')}`;
    v.lines.forEach((l, i) => {
      const amount = (x: number) => (x === 0 ? '0' : i % 2 ? x.toLocaleString('es-CL') : String(x));
      rows.push(
        `${rut};${v.base};${date};${v.tipo};${n + 1};${i + 1};${l.code};${amount(l.debe)};${amount(l.haber)};Comprobante ${n + 1}`,
      );
    });
  });
  return rows.join('\r\n');
}

/**
 * A ledger of `vouchers` sales of two lines over January to March of `year` (a year no other test of the society
 * posts to), large enough to go past the request cap; voucher `unbalancedAt` does not balance, by one peso.
 */
export function bigLedger(rut: string, year: number, vouchers: number, unbalancedAt = -1): string {
  const rows = ['rut_sociedad;base;fecha;tipo_comp;nro_comp;linea;cod_cta;nom_cta;debe;haber;glosa;fec_doc'];
  for (let n = 1; n <= vouchers; n++) {
    const date = `${year}-${String(1 + (n % 3)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}`;
    const amount = 1000 + (n % 97) * 10;
    const credit = n === unbalancedAt ? amount - 1 : amount;
    const text = `Venta de mercaderías al detalle número ${n} del libro grande de prueba`;
    rows.push(`${rut};AMBAS;${date};T;${n};1;1.1.10;Clientes;${amount};0;${text};${date}`);
    rows.push(`${rut};AMBAS;${date};T;${n};2;4.1.01;Ventas;0;${credit};${text};${date}`);
  }
  return rows.join('\n');
}
