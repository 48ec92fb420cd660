import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import * as accounting from '../../shared/contracts/accounting';
import * as accountingAssignments from '../../shared/contracts/accounting-assignments';
import * as groups from '../../shared/contracts/groups';
import * as projects from '../../shared/contracts/projects';
import { call, DEMO_PASSWORD, signIn } from '../helpers/api';
import { tableAccess, testUserRecord } from '../helpers/db';
import { invokeInProcess } from '../helpers/in-process';
import { newSociety } from '../helpers/societies';
import { CHART_CSV, ledgerCsv, statementAssignment, statementAssignments, upload, viewVia } from './accounting-helpers';

/** Over the real local services: imports and their rules, atomic re-import, statements, drill-down, USD, scope. */
let superAdmin: string;
let groupAdmin: string;
let societyUser: string;
const demo = () => inject('portal').demo;
/** Statements open through an accounting assignment: the four of this file cover the demo project andes. */
let opened: Record<accounting.StatementFamily, string>;
const view = viewVia(() => opened);

const importChart = (society: string, data: string | Buffer = CHART_CSV, token = groupAdmin, name = 'plan.csv') =>
  upload(accounting.importAccountingChart, token, { society }, { name, data });
const importLedger = (society: string, data: string | Buffer, token = groupAdmin, name = 'libro.csv') =>
  upload(accounting.importAccountingLedger, token, { society }, { name, data });

beforeAll(async () => {
  [superAdmin, groupAdmin, societyUser] = await Promise.all([
    signIn('superadmin@demo.cl').then((t) => t.access),
    signIn('grupo@demo.cl').then((t) => t.access),
    signIn('sociedad@demo.cl').then((t) => t.access),
  ]);
  opened = await statementAssignments(superAdmin, { project_list: [demo().projects.andes] });
});

describe('imports', () => {
  test('a chart with bad rows is reported row by row and not stored; the ledger then has no chart to use', async () => {
    const society = await newSociety(superAdmin, demo().groups.norte);
    const bad = [
      'cod_cta;nom_cta;clase;nivel2;es_efectivo',
      '1.1.01;Caja;ACTIVO;ACTIVOS CORRIENTES;S',
      '1.1.01;Caja repetida;ACTIVO;ACTIVOS CORRIENTES;N',
      '9.9;Rara;OTRA;;N',
      '1.2;Activo sin grupo;ACTIVO;NO EXISTE;Z',
    ].join('\n');
    const answer = await importChart(society.uuid, bad);
    expect(answer.status).toBe(200);
    expect(answer.body.imported).toBe(false);
    expect(answer.body.report.map((r: { row: number }) => r.row)).toEqual([3, 4, 5]);
    expect(answer.body.report[0].errors).toEqual(['La cuenta 1.1.01 está repetida en el plan.']);
    expect(answer.body.report[1].errors).toContain('La clase debe ser ACTIVO, PASIVO, PATRIMONIO, INGRESO o GASTO.');
    expect(answer.body.report[2].errors).toContain('La columna es_efectivo debe ser S o N.');
    const ledger = await importLedger(society.uuid, ledgerCsv(society.society_rut));
    expect(ledger.body.imported).toBe(false);
    expect(ledger.body.file_errors).toEqual([
      'La sociedad no tiene plan de cuentas: importe primero el plan de cuentas.',
    ]);
  });

  test('a ledger with any bad row stores nothing and lists every bad row with its Spanish error', async () => {
    const society = await newSociety(superAdmin, demo().groups.norte);
    expect((await importChart(society.uuid)).body.imported).toBe(true);
    const rut = society.society_rut;
    const bad = [
      'rut_sociedad;base;fecha;tipo_comp;nro_comp;linea;cod_cta;debe;haber;glosa',
      `${rut};AMBAS;2019-01-01;A;1;1;1.1.01;1.000;0;ok`,
      `${rut};AMBAS;2019-01-01;A;1;2;3.1.01;0;1.000;ok`,
      `${rut};AMBAS;2019-01-02;T;2;1;1.1.10;500;0;descuadrado`,
      `${rut};AMBAS;2019-01-02;T;2;2;4.1.01;0;400;descuadrado`,
      `${rut};AMBAS;2019-01-03;T;3;1;9.9.99;100;0;cuenta desconocida`,
      `${rut};AMBAS;2019-01-03;T;3;2;4.1.01;0;100;`,
      `${rut};AMBAS;2019-01-04;T;4;1;1.1.10;100;100;ambos lados`,
      `11111111-1;AMBAS;2019-01-05;T;5;1;1.1.10;100;0;otro rut`,
      `11111111-1;AMBAS;2019-01-05;T;5;2;4.1.01;0;100;otro rut`,
      `${rut};AMBAS;2019-02-30;T;6;1;1.1.10;100;0;fecha mala`,
      `${rut};AMBAS;2019-02-30;T;6;2;4.1.01;0;100;fecha mala`,
    ].join('\n');
    const answer = await importLedger(society.uuid, bad);
    expect(answer.status).toBe(200);
    expect(answer.body.imported).toBe(false);
    const byRow = new Map(answer.body.report.map((r: { row: number; errors: string[] }) => [r.row, r.errors]));
    expect([...byRow.keys()]).toEqual([4, 5, 6, 8, 9, 10, 11, 12]);
    expect(byRow.get(4)).toEqual(['El comprobante T-2 (2019-01) no cuadra: debe 500, haber 400.']);
    expect(byRow.get(6)).toContain('La cuenta 9.9.99 no existe en el plan de cuentas de la sociedad.');
    expect(byRow.get(8)).toContain('La línea tiene montos en debe y en haber; debe tener solo uno de los dos.');
    expect(byRow.get(9)).toEqual(['El RUT 11111111-1 no corresponde a la sociedad.']);
    expect(byRow.get(11)).toEqual(['La columna fecha no es una fecha válida (AAAA-MM-DD).']);
    const dates = await view(accounting.balance8columnsAvailableDates, {
      token: groupAdmin,
      query: { society: society.uuid },
    });
    expect(dates.body.dates).toEqual([]);
  });

  test('a file without the required columns, or not a spreadsheet, is refused as a whole', async () => {
    const society = await newSociety(superAdmin, demo().groups.norte);
    await importChart(society.uuid);
    const noColumns = await importLedger(society.uuid, 'fecha;debe\n2019-01-01;1');
    expect(noColumns.body.file_errors[0]).toMatch(/^Faltan columnas en el encabezado: rut_sociedad, tipo_comp/);
    const binary = await importLedger(society.uuid, Buffer.from([0, 1, 2, 3, 0]), groupAdmin, 'x.bin');
    expect(binary.status).toBe(400);
  });

  test('windows-1252 with commas, and XLSX, import the same ledger', async () => {
    const society = await newSociety(superAdmin, demo().groups.norte);
    await importChart(society.uuid);
    // Excel in es-CL: windows-1252 bytes (é of "débito" is 0xE9), comma-separated, amounts quoted with thousands dots.
    const commas = ledgerCsv(society.society_rut)
      .split('\n')
      .map((line) =>
        line
          .split(';')
          .map((cell) => (cell.includes(',') ? `"${cell}"` : cell))
          .join(','),
      )
      .join('\r\n');
    const latin1 = Buffer.from(commas, 'latin1');
    expect(latin1.includes(0xe9)).toBe(true);
    const first = await importLedger(society.uuid, latin1);
    expect(first.body.file_errors).toEqual([]);
    expect(first.body.imported).toBe(true);
    expect(first.body.rows).toBe(11);

    const other = await newSociety(superAdmin, demo().groups.norte);
    await importChart(other.uuid);
    const rows = ledgerCsv(other.society_rut)
      .split('\n')
      .map((line) => line.split(';'));
    const sheet = await writeXlsxFile(
      rows.map((cells, r) =>
        cells.map((cell, c) => (r > 0 && (c === 8 || c === 9) ? Number(cell.replace(/\./g, '')) : cell)),
      ),
    ).toBuffer();
    const xlsx = await importLedger(other.uuid, sheet, groupAdmin, 'libro.xlsx');
    expect(xlsx.body.file_errors).toEqual([]);
    expect(xlsx.body.imported).toBe(true);
    const q = (s: string) => ({ token: groupAdmin, query: { society: s, year: 2019, month: 3, rule: 'TRBT' } });
    const [a, b] = await Promise.all([
      view(accounting.balance8columnsReport, q(society.uuid)),
      view(accounting.balance8columnsReport, q(other.uuid)),
    ]);
    expect(a.body.rows.length).toBeGreaterThan(0);
    expect(b.body.rows).toEqual(a.body.rows);
  });
});

describe('statements of the hand-worked ledger', () => {
  let society: { uuid: string; society_rut: string };
  beforeAll(async () => {
    society = await newSociety(superAdmin, demo().groups.norte);
    await importChart(society.uuid);
    const answer = await importLedger(society.uuid, ledgerCsv(society.society_rut));
    expect(answer.body.imported).toBe(true);
    expect(answer.body.periods).toEqual([
      { base: 'AMBAS', year: 2019, month: 1, lines: 5 },
      { base: 'AMBAS', year: 2019, month: 2, lines: 2 },
      { base: 'IFRS', year: 2019, month: 2, lines: 2 },
      { base: 'TRBT', year: 2019, month: 3, lines: 2 },
    ]);
  });

  test('available dates per basis, latest first', async () => {
    const ifrs = await view(accounting.balance8columnsAvailableDates, {
      token: groupAdmin,
      query: { society: society.uuid, rule: 'IFRS' },
    });
    expect(ifrs.body.dates).toEqual([
      { year: 2019, month: 2 },
      { year: 2019, month: 1 },
    ]);
    const all = await view(accounting.cashflowAvailableDates, { token: groupAdmin, query: { society: society.uuid } });
    expect(all.body.dates[0]).toEqual({ year: 2019, month: 3 });
  });

  test('8-column balance, IFRS, to February 2019', async () => {
    const { status, body } = await view(accounting.balance8columnsReport, {
      token: groupAdmin,
      query: { society: society.uuid, year: 2019, month: 2, rule: 'IFRS', money_type: 'LOCAL' },
    });
    expect(status).toBe(200);
    const row = (code: string) => body.rows.find((r) => r.cod_cta === code);
    expect(body.rows.map((r) => r.cod_cta)).toEqual([
      '1.1.01',
      '1.1.10',
      '2.1.10',
      '2.1.20',
      '3.1.01',
      '4.1.01',
      '5.1.01',
    ]);
    expect(row('1.1.01')).toMatchObject({ debitos: 11_190_000, creditos: 0, deudor: 11_190_000, activo: 11_190_000 });
    expect(row('1.1.10')).toMatchObject({ debitos: 1_190_000, creditos: 1_190_000, deudor: 0, acreedor: 0 });
    expect(row('4.1.01')).toMatchObject({ acreedor: 1_000_000, ganancia: 1_000_000, pasivo: 0 });
    expect(row('5.1.01')).toMatchObject({ deudor: 400_000, perdida: 400_000, activo: 0 });
    expect(body.footer.cumulative_total).toEqual({
      debitos: 12_780_000,
      creditos: 12_780_000,
      deudor: 11_590_000,
      acreedor: 11_590_000,
      activo: 11_190_000,
      pasivo: 10_590_000,
      perdida: 400_000,
      ganancia: 1_000_000,
    });
    expect(body.footer.result_excersice).toMatchObject({ perdida: 600_000, pasivo: 600_000, ganancia: 0, activo: 0 });
    expect(body.footer.equal_sums).toMatchObject({
      activo: 11_190_000,
      pasivo: 11_190_000,
      perdida: 1_000_000,
      ganancia: 1_000_000,
    });
    expect(body.header).toMatchObject({ money_symbol: '$', rule: 'IFRS', year: 2019, month: 2, exchange_rate: null });
  });

  test('the tax basis reads TRBT and AMBAS lines only', async () => {
    const { body } = await view(accounting.balance8columnsReport, {
      token: groupAdmin,
      query: { society: society.uuid, year: 2019, month: 3, rule: 'TRBT' },
    });
    expect(body.rows.find((r) => r.cod_cta === '1.1.01')?.deudor).toBe(10_890_000);
    expect(body.rows.find((r) => r.cod_cta === '2.1.20')).toBeUndefined();
    expect(body.footer.result_excersice.perdida).toBe(700_000);
  });

  test('financial situation and results, compared with January', async () => {
    const query = {
      society: society.uuid,
      start_period: '2019-02',
      end_period: '2019-01',
      report_type: 'COMPARE',
      rule: 'IFRS',
    };
    const fs = await view(accounting.financialSituationReport, { token: groupAdmin, query });
    expect(fs.status).toBe(200);
    const amounts = (rows: accounting.StatementRow[]) =>
      rows.map((r) => [r.index, r.nom_cta, r.imp_mov_mn_sg, r.imp_mov_mn_sg_compare]);
    expect(amounts(fs.body.assets)).toEqual([
      [0, 'Caja', 11_190_000, 10_000_000],
      [1, 'Clientes', 0, 1_190_000],
      ['total', 'Total activos corrientes', 11_190_000, 11_190_000],
      ['total', 'TOTAL ACTIVOS', 11_190_000, 11_190_000],
    ]);
    expect(amounts(fs.body.passive_and_heritage)).toEqual([
      [0, 'IVA débito fiscal', 190_000, 190_000],
      [1, 'Proveedores', 400_000, 0],
      ['total', 'Total pasivos corrientes', 590_000, 190_000],
      [2, 'Capital', 10_000_000, 10_000_000],
      ['total', 'Total patrimonio', 10_000_000, 10_000_000],
      ['result', 'RESULTADO DEL EJERCICIO', 600_000, 1_000_000],
      ['total', 'TOTAL PASIVOS Y PATRIMONIO', 11_190_000, 11_190_000],
    ]);
    expect(fs.body.colum_date).toEqual({ start_date: '2019-02', end_date: '2019-01' });
    const results = await view(accounting.statusResultsReport, { token: groupAdmin, query });
    expect(amounts(results.body.rows)).toEqual([
      [0, 'Ventas', 1_000_000, 1_000_000],
      ['total', 'Total ingresos de explotación', 1_000_000, 1_000_000],
      [1, 'Costo de ventas', -400_000, 0],
      ['total', 'Total costos de explotación', -400_000, 0],
      ['result', 'RESULTADO DEL EJERCICIO', 600_000, 1_000_000],
    ]);
    const single = await view(accounting.statusResultsReport, {
      token: groupAdmin,
      query: { ...query, report_type: 'SINGLE' },
    });
    expect(single.body.colum_date.end_date).toBeNull();
    expect(single.body.rows.every((r) => r.imp_mov_mn_sg_compare === null)).toBe(true);
  });

  test('cash flow by line and month: opening + months = closing', async () => {
    const { body } = await view(accounting.cashflowReport, {
      token: groupAdmin,
      query: { society: society.uuid, year: 2019, rule: 'TRBT' },
    });
    expect(body.opening_cash).toBe(10_000_000);
    expect(body.rows.map((r) => [r.index, r.name, r.months.slice(0, 4), r.total])).toEqual([
      ['cobros_clientes', 'Cobros a clientes', [0, 1_190_000, 0, 0], 1_190_000],
      ['pagos_proveedores', 'Pagos a proveedores', [0, 0, -300_000, 0], -300_000],
    ]);
    expect(body.footer.total.total).toBe(890_000);
    expect(body.closing_cash).toBe(10_890_000);
  });

  test('cash-flow drill-down: the voucher lines behind a line and month add up to its cell', async () => {
    const detail = (query: Record<string, string | number>) =>
      view(accounting.cashflowDetail, { token: groupAdmin, query: { society: society.uuid, rule: 'TRBT', ...query } });
    const collections = await detail({ period: '2019-02', flujo: 'cobros_clientes' });
    expect(collections.status).toBe(200);
    expect(collections.body).toMatchObject({ cod_cta: 'cobros_clientes', nom_cta: 'Cobros a clientes' });
    expect(collections.body.lines).toEqual([
      {
        nro_trans: 'I-3',
        fecha_reporte: '2019-02-10',
        com_mov: 'Cobro factura 101',
        fec_doc: '2019-02-10',
        imp_mov_mn_sg: 1_190_000,
        cod_cta: '1.1.10',
        nom_cta: 'Clientes',
      },
    ]);
    expect(collections.body.footer.total).toBe(1_190_000);
    const payments = await detail({ period: '2019-03', flujo: 'pagos_proveedores' });
    expect(payments.body.lines.map((l) => [l.nro_trans, l.cod_cta, l.imp_mov_mn_sg])).toEqual([
      ['E-5', '5.1.01', -300_000],
    ]);
    expect(payments.body.footer.total).toBe(-300_000);
    // The IFRS basis has no cash payment in March (E-5 is TRBT); another month of the line has no lines either.
    const ifrs = await detail({ period: '2019-03', flujo: 'pagos_proveedores', rule: 'IFRS' });
    expect([ifrs.body.lines, ifrs.body.footer.total]).toEqual([[], 0]);
    expect((await detail({ period: '2019-01', flujo: 'cobros_clientes' })).body.lines).toEqual([]);
    const noLine = await detail({ period: '2019-02' });
    expect(noLine.status).toBe(400);
    expect(noLine.body.errors).toEqual({ flujo: ['REQUIRED'] });
  });

  test('cash-flow drill-down in USD: the lines add up to the converted cell', async () => {
    const { putIndicatorValues } = await import('../../functions/lib/data/indicators');
    await tableAccess();
    await putIndicatorValues([{ code: 'dolar', day: '2019-03-31', value: 777.77, source: 'sample' }]);
    const query = { society: society.uuid, year: 2019, rule: 'TRBT', money_type: 'USD' };
    const flow = await view(accounting.cashflowReport, { token: groupAdmin, query });
    expect(flow.status).toBe(200);
    const cell = flow.body.rows.find((r) => r.index === 'cobros_clientes')?.months[1] as number;
    expect(Math.abs(cell - 1_190_000 / 777.77)).toBeLessThanOrEqual(0.01);
    const detail = await view(accounting.cashflowDetail, {
      token: groupAdmin,
      query: { society: society.uuid, rule: 'TRBT', money_type: 'USD', period: '2019-02', flujo: 'cobros_clientes' },
    });
    expect(detail.body.header.exchange_rate).toEqual({ value: 777.77, day: '2019-03-31', stale: false });
    expect(detail.body.footer.total).toBe(cell);
    expect(detail.body.lines.map((l) => l.imp_mov_mn_sg)).toEqual([cell]);
  });

  test('drill-down: the account lines to the period and their total; a parent1 not the account’s gives none', async () => {
    const query = { society: society.uuid, period: '2019-02', rule: 'IFRS', cod_cta: '1.1.01' };
    const { body } = await view(accounting.balance8columnsDetail, { token: groupAdmin, query });
    expect(body.lines).toEqual([
      { nro_trans: 'A-1', fecha_reporte: '2019-01-01', com_mov: 'Apertura', fec_doc: '', imp_mov_mn_sg: 10_000_000 },
      {
        nro_trans: 'I-3',
        fecha_reporte: '2019-02-10',
        com_mov: 'Cobro factura 101',
        fec_doc: '2019-02-10',
        imp_mov_mn_sg: 1_190_000,
      },
    ]);
    expect(body.footer.total).toBe(11_190_000);
    const withParent = await view(accounting.financialSituationDetail, {
      token: groupAdmin,
      query: { ...query, parent1: 'Efectivo y equivalentes' },
    });
    expect(withParent.body.footer.total).toBe(11_190_000);
    const otherParent = await view(accounting.financialSituationDetail, {
      token: groupAdmin,
      query: { ...query, parent1: 'Deudores comerciales' },
    });
    expect(otherParent.body.lines).toEqual([]);
    const noAccount = await view(accounting.balance8columnsDetail, {
      token: groupAdmin,
      query: { society: society.uuid, period: '2019-02' },
    });
    expect(noAccount.status).toBe(400);
  });

  test('USD comparisons name each period’s own rate; a rate from before its period says so', async () => {
    const { putIndicatorValues } = await import('../../functions/lib/data/indicators');
    await tableAccess();
    await putIndicatorValues([
      { code: 'dolar', day: '2019-01-31', value: 650, source: 'sample' },
      { code: 'dolar', day: '2019-02-28', value: 700, source: 'sample' },
    ]);
    const compared = await view(accounting.financialSituationReport, {
      token: groupAdmin,
      query: {
        society: society.uuid,
        start_period: '2019-02',
        end_period: '2019-01',
        report_type: 'COMPARE',
        rule: 'IFRS',
        money_type: 'USD',
      },
    });
    expect(compared.status).toBe(200);
    expect(compared.body.header.exchange_rate).toEqual({ value: 700, day: '2019-02-28', stale: false });
    expect(compared.body.header.compare_exchange_rate).toEqual({ value: 650, day: '2019-01-31', stale: false });
    // No value published in April 2019: the latest earlier one converts it, flagged as older than the period.
    const april = await view(accounting.statusResultsReport, {
      token: groupAdmin,
      query: { society: society.uuid, start_period: '2019-04', rule: 'IFRS', money_type: 'USD' },
    });
    expect(april.status).toBe(200);
    expect(april.body.header.exchange_rate?.stale).toBe(true);
    expect((april.body.header.exchange_rate?.day as string) < '2019-04-01').toBe(true);
  });

  test('USD at the dólar observado of the period’s last day; without one, a Spanish error', async () => {
    const { putIndicatorValues } = await import('../../functions/lib/data/indicators');
    await tableAccess();
    await putIndicatorValues([{ code: 'dolar', day: '2019-02-28', value: 700, source: 'sample' }]);
    const { body, status } = await view(accounting.balance8columnsReport, {
      token: groupAdmin,
      query: { society: society.uuid, year: 2019, month: 2, rule: 'IFRS', money_type: 'USD' },
    });
    expect(status).toBe(200);
    expect(body.header).toMatchObject({ money_symbol: 'US$', money_type: 'USD' });
    expect(body.header.exchange_rate).toEqual({ value: 700, day: '2019-02-28', stale: false });
    const capital = body.rows.find((r) => r.cod_cta === '3.1.01')?.creditos as number;
    expect(Math.abs(capital - 10_000_000 / 700)).toBeLessThanOrEqual(0.01);
    const cents = (x: number) => Math.round(x * 100);
    const f = body.footer;
    expect(cents(f.cumulative_total.debitos)).toBe(cents(f.cumulative_total.creditos));
    expect(cents(f.equal_sums.activo)).toBe(cents(f.equal_sums.pasivo));
    expect(cents(f.equal_sums.perdida)).toBe(cents(f.equal_sums.ganancia));
    const detail = await view(accounting.balance8columnsDetail, {
      token: groupAdmin,
      query: { society: society.uuid, period: '2019-02', rule: 'IFRS', cod_cta: '1.1.01', money_type: 'USD' },
    });
    expect(cents(detail.body.footer.total)).toBe(
      detail.body.lines.reduce((s: number, l: { imp_mov_mn_sg: number }) => s + cents(l.imp_mov_mn_sg), 0),
    );

    const missing = await view(accounting.balance8columnsReport, {
      token: groupAdmin,
      query: { society: society.uuid, year: 1995, month: 1, money_type: 'USD' },
    });
    expect(missing.status).toBe(409);
    expect(missing.body.code).toBe('EXCHANGE_RATE_MISSING');
  });
});

describe('re-import', () => {
  test('replaces the periods of the file at once: readers see the old figures until the flip, then the new, never a mix', async () => {
    const society = await newSociety(superAdmin, demo().groups.norte);
    await importChart(society.uuid);
    const voucher = (amount: number, n: number) => [
      `${society.society_rut};AMBAS;2019-05-02;T;${n};1;1.1.10;${amount};0;Venta`,
      `${society.society_rut};AMBAS;2019-05-02;T;${n};2;4.1.01;0;${amount};Venta`,
    ];
    const file = (amount: number) =>
      ['rut_sociedad;base;fecha;tipo_comp;nro_comp;linea;cod_cta;debe;haber;glosa']
        .concat(Array.from({ length: 60 }, (_, i) => voucher(amount, i + 1)).flat())
        .join('\n');
    expect((await importLedger(society.uuid, file(1000))).body.imported).toBe(true);
    const read = () =>
      view(accounting.balance8columnsReport, {
        token: groupAdmin,
        query: { society: society.uuid, year: 2019, month: 5 },
      }).then((r) => r.body.footer.cumulative_total.debitos);
    expect(await read()).toBe(60_000);
    // The re-import runs in this process with its pointer write held at a barrier: every new line is written by
    // then, and readers still get the whole old file; once the flip is let go they get the whole new one.
    const { dynamo } = await import('../../functions/lib/aws/dynamo');
    const send = dynamo.send;
    let reachFlip = () => {};
    const flipReached = new Promise<void>((resolve) => {
      reachFlip = resolve;
    });
    let releaseFlip = () => {};
    const flipReleased = new Promise<void>((resolve) => {
      releaseFlip = resolve;
    });
    type Item = { pk?: string; sk?: string };
    const isPointer = (item: Item | undefined) => item?.sk === 'LEDGER' && String(item.pk).includes(society.uuid);
    // The pointer's write, alone or in the transaction that flips it.
    const isFlip = (command: { operation: string; input: unknown }) => {
      const input = command.input as { Item?: Item; TransactItems?: Array<{ Put?: { Item?: Item } }> };
      if (command.operation === 'PutItem') return isPointer(input.Item);
      return (
        command.operation === 'TransactWriteItems' && (input.TransactItems ?? []).some((w) => isPointer(w.Put?.Item))
      );
    };
    dynamo.send = (async (command: Parameters<typeof send>[0]) => {
      if (isFlip(command)) {
        reachFlip();
        await flipReleased;
      }
      return send.call(dynamo, command);
    }) as typeof send;
    try {
      const form = new FormData();
      form.append('society', society.uuid);
      form.append('file', new Blob([file(3000)], { type: 'text/csv' }), 'libro.csv');
      const reimport = invokeInProcess(accounting.importAccountingLedger, { token: groupAdmin, form });
      await flipReached;
      expect(await Promise.all(Array.from({ length: 6 }, read))).toEqual(Array(6).fill(60_000));
      releaseFlip();
      expect((await reimport).body.imported).toBe(true);
    } finally {
      dynamo.send = send;
    }
    expect(await Promise.all(Array.from({ length: 6 }, read))).toEqual(Array(6).fill(180_000));
    // A bad re-import leaves the stored figures as they were.
    const bad = file(5000).replace(';5000;Venta', ';4999;Venta');
    expect((await importLedger(society.uuid, bad)).body.imported).toBe(false);
    expect(await read()).toBe(180_000);
  });
});

/** Another firm (project and group, by SUPER_ADMIN) with one society whose chart and ledger are imported. */
async function firmWithLedger(name: string) {
  const project = await call(projects.createProject, {
    token: superAdmin,
    body: {
      project_name: `${name} ${randomUUID().slice(0, 8)}`,
      client_name: 'Cliente SpA',
      associated_service_description: 'Contabilidad',
      service_description: 'Portal',
    },
  });
  const group = await call(groups.createGroup, {
    token: superAdmin,
    body: { group_name: `Grupo ${name}`, group_description: 'Otra firma', project: project.body.uuid },
  });
  const society = await newSociety(superAdmin, group.body.uuid);
  expect((await importChart(society.uuid, CHART_CSV, superAdmin)).body.imported).toBe(true);
  expect((await importLedger(society.uuid, ledgerCsv(society.society_rut), superAdmin)).body.imported).toBe(true);
  return { project, group, society };
}

describe('the spec’s calls, without an assignment: the server decides who sees a society’s statements', () => {
  let society: { uuid: string; society_rut: string };
  let client: string;
  const spec = { year: 2019, month: 2 };
  beforeAll(async () => {
    const firm = await firmWithLedger('Sin asignación');
    society = firm.society;
    const { project, group } = firm;
    // The client's firm opens it the balance, and the income statement to every role but a society's users.
    await statementAssignment(superAdmin, 'balance8columns', { society_list: [society.uuid] });
    await statementAssignment(
      superAdmin,
      'status-results',
      { project_list: [project.body.uuid] },
      { enable_user_society: false },
    );
    const { users } = await tableAccess();
    const { createIdentity } = await import('../../functions/lib/auth/identities');
    const uuid = randomUUID();
    const email = `directo-${uuid.slice(0, 8)}@prueba.cl`;
    await createIdentity(uuid, email, DEMO_PASSWORD);
    await users.putNewUser(testUserRecord({ uuid, email, user_role: 'USER_SOCIETY' }), [
      { field: 'project_uuids', uuid: project.body.uuid, project_uuid: project.body.uuid },
      { field: 'society_uuids', uuid: society.uuid, project_uuid: project.body.uuid, group_uuid: group.body.uuid },
    ]);
    client = (await signIn(email)).access as string;
  });
  const plain = (contract: Parameters<typeof call>[0], token: string, query: Record<string, string | number>) =>
    call(contract, { token, query: { society: society.uuid, ...query } });

  test('a client gets the statement an assignment opens it, and 404 for one none opens', async () => {
    const balance = await call(accounting.balance8columnsReport, {
      token: client,
      query: { society: society.uuid, ...spec },
    });
    expect(balance.status, JSON.stringify(balance.body)).toBe(200);
    expect(balance.body.footer.cumulative_total.debitos).toBeGreaterThan(0);
    expect((await plain(accounting.balance8columnsAvailableDates, client, {})).status).toBe(200);
    // No assignment of these types opens it to a society's user: the same 404 as a society that does not exist.
    for (const contract of [
      accounting.financialSituationReport,
      accounting.statusResultsReport,
      accounting.cashflowReport,
    ]) {
      const refused = await plain(contract, client, {});
      expect({ contract: contract.id, status: refused.status, body: refused.body }).toEqual({
        contract: contract.id,
        status: 404,
        body: { code: 'NOT_FOUND' },
      });
    }
  });

  test('an admin whose scope holds the society sees every statement; one whose scope does not gets 404', async () => {
    for (const contract of [accounting.financialSituationReport, accounting.cashflowReport]) {
      expect((await plain(contract, superAdmin, {})).status).toBe(200);
      expect((await plain(contract, groupAdmin, {})).status).toBe(404);
    }
    // Another firm's client, even with assignments of its own: 404.
    expect((await plain(accounting.balance8columnsReport, societyUser, spec)).status).toBe(404);
  });

  test('an assignment named in the query still narrows: another type’s or one that does not open the society is 404', async () => {
    const foreignType = opened['financial-situation'];
    const answer = await call(accounting.balance8columnsReport, {
      token: superAdmin,
      query: { society: society.uuid, assignment: foreignType, ...spec },
    });
    expect(answer.status).toBe(404);
  });
});

describe('scope', () => {
  let foreign: { uuid: string; society_rut: string };
  /** The other tenant's own assignments, covering its project. */
  let foreignOpened: Record<accounting.StatementFamily, string>;
  beforeAll(async () => {
    const firm = await firmWithLedger('Contable');
    foreign = firm.society;
    const { project } = firm;
    foreignOpened = await statementAssignments(superAdmin, { project_list: [project.body.uuid] });
  });

  test('an admin cannot import into a society outside its scope (404), and nothing changes', async () => {
    const answer = await importLedger(
      foreign.uuid,
      ledgerCsv(foreign.society_rut).replace(/10\.000\.000/g, '20.000.000'),
    );
    expect(answer.status).toBe(404);
    const chart = await importChart(foreign.uuid);
    expect(chart.status).toBe(404);
    const { body } = await view(accounting.balance8columnsReport, {
      token: superAdmin,
      query: { society: foreign.uuid, year: 2019, month: 1, assignment: foreignOpened.balance8columns },
    });
    expect(body.rows.find((r) => r.cod_cta === '3.1.01')?.creditos).toBe(10_000_000);
  });

  test('statements and drill-down of a society outside the caller’s scope answer 404, through either tenant’s assignment', async () => {
    for (const token of [groupAdmin, societyUser]) {
      for (const through of [opened, foreignOpened]) {
        const q = (query: Record<string, string | number>, family: accounting.StatementFamily) => ({
          token,
          query: { ...query, assignment: through[family] },
        });
        const society = { society: foreign.uuid };
        const statuses = await Promise.all([
          view(accounting.balance8columnsReport, q({ ...society, year: 2019, month: 2 }, 'balance8columns')),
          view(accounting.financialSituationReport, q(society, 'financial-situation')),
          view(accounting.cashflowReport, q(society, 'cashflow')),
          view(
            accounting.balance8columnsDetail,
            q({ ...society, period: '2019-02', cod_cta: '1.1.01' }, 'balance8columns'),
          ),
          view(accounting.statusResultsAvailableDates, q(society, 'status-results')),
          view(accounting.accountingViewerSocieties, { token, query: { assignment: through.balance8columns } }),
        ]).then((answers) => answers.map((a) => a.status));
        // The viewer's selector: the own assignment lists the caller's societies (none foreign), the foreign one 404.
        const selector = through === opened ? 200 : 404;
        expect(statuses).toEqual([404, 404, 404, 404, 404, selector]);
      }
    }
  });

  test('a USER_SOCIETY reads its own society but cannot import', async () => {
    const own = demo().societies.minera;
    const report = await view(accounting.balance8columnsReport, { token: societyUser, query: { society: own } });
    expect(report.status).toBe(200);
    const sibling = await view(accounting.balance8columnsReport, {
      token: societyUser,
      query: { society: demo().societies.comercial },
    });
    expect(sibling.status).toBe(404);
    const answer = await importChart(own, CHART_CSV, societyUser);
    expect(answer.status).toBe(403);
  });
});

/**
 * "the viewer honours its assignment": a statement opens only through an accounting assignment visible to
 * the caller (enabled, its role's flag on, a target covering the society) and only for the societies it covers.
 */
describe('the viewer honours its assignment', () => {
  const balance = (token: string, society: string, assignment: string) =>
    view(accounting.balance8columnsReport, { token, query: { society, assignment, year: 2019, month: 2 } });
  let minera: string;
  let comercial: string;
  beforeAll(() => {
    minera = demo().societies.minera;
    comercial = demo().societies.comercial;
  });

  test('an assignment of one society opens that society only; the selector lists only it', async () => {
    const only = await statementAssignment(superAdmin, 'balance8columns', { society_list: [minera] });
    expect((await balance(groupAdmin, minera, only)).status).toBe(200);
    // comercial is in the GROUP_ADMIN's scope (the same group), but outside this assignment.
    expect((await balance(groupAdmin, comercial, only)).status).toBe(404);
    expect((await balance(groupAdmin, comercial, opened.balance8columns)).status).toBe(200);
    const selector = await view(accounting.accountingViewerSocieties, {
      token: groupAdmin,
      query: { assignment: only },
    });
    expect(selector.body.map((s) => s.uuid)).toEqual([minera]);
    const wide = await view(accounting.accountingViewerSocieties, {
      token: groupAdmin,
      query: { assignment: opened.balance8columns },
    });
    expect(wide.body.map((s) => s.uuid)).toEqual(expect.arrayContaining([minera, comercial]));
    // A USER_SOCIETY sees only its own society in the selector, even through a project-wide assignment.
    const mine = await view(accounting.accountingViewerSocieties, {
      token: societyUser,
      query: { assignment: opened.balance8columns },
    });
    expect(mine.body.map((s) => s.uuid)).toEqual([minera]);
  });

  test('a disabled assignment opens nothing (404), and again once enabled', async () => {
    const uuid = await statementAssignment(superAdmin, 'balance8columns', { society_list: [minera] });
    const toggle = (enable: boolean) =>
      call(accountingAssignments.patchAccountingAssignment, {
        token: superAdmin,
        params: { uuid },
        body: { enable },
      });
    expect((await toggle(false)).status).toBe(200);
    for (const token of [groupAdmin, societyUser]) {
      expect((await balance(token, minera, uuid)).status).toBe(404);
      const detail = await view(accounting.balance8columnsDetail, {
        token,
        query: { society: minera, assignment: uuid, cod_cta: '1.1.01' },
      });
      expect(detail.status).toBe(404);
      const selector = await view(accounting.accountingViewerSocieties, { token, query: { assignment: uuid } });
      expect(selector.status).toBe(404);
    }
    expect((await toggle(true)).status).toBe(200);
    expect((await balance(societyUser, minera, uuid)).status).toBe(200);
  });

  test('the role flag decides: off for USER_SOCIETY refuses it (404) while the GROUP_ADMIN still opens it', async () => {
    const uuid = await statementAssignment(
      superAdmin,
      'balance8columns',
      { group_list: [demo().groups.norte] },
      { enable_user_society: false },
    );
    expect((await balance(societyUser, minera, uuid)).status).toBe(404);
    const pdf = await view(accounting.balance8columnsPdf, {
      token: societyUser,
      query: { society: minera, assignment: uuid },
    });
    expect(pdf.status).toBe(404);
    expect((await balance(groupAdmin, minera, uuid)).status).toBe(200);
    const noGroupAdmin = await statementAssignment(
      superAdmin,
      'balance8columns',
      { group_list: [demo().groups.norte] },
      { enable_group_admin: false },
    );
    expect((await balance(groupAdmin, minera, noGroupAdmin)).status).toBe(404);
    expect((await balance(societyUser, minera, noGroupAdmin)).status).toBe(200);
  });

  test('an assignment of another statement type, or one that does not exist, answers 404', async () => {
    expect((await balance(societyUser, minera, opened['financial-situation'])).status).toBe(404);
    expect((await balance(societyUser, minera, randomUUID())).status).toBe(404);
    const dates = await view(accounting.cashflowAvailableDates, {
      token: societyUser,
      query: { society: minera, assignment: opened['status-results'] },
    });
    expect(dates.status).toBe(404);
  });
});
