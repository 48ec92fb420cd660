import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import * as accounting from '../../shared/contracts/accounting';
import * as groups from '../../shared/contracts/groups';
import * as projects from '../../shared/contracts/projects';
import * as societies from '../../shared/contracts/societies';
import { rutCheckDigit } from '../../shared/rut';
import { call, signIn } from '../helpers/api';
import { tableAccess } from '../helpers/db';
import { CHART_CSV, ledgerCsv, upload } from './accounting-helpers';

/** Issue 12 over the real local services: imports and their rules, atomic re-import, statements, drill-down, USD, scope. */
let superAdmin: string;
let groupAdmin: string;
let societyUser: string;
const demo = () => inject('portal').demo;

let rutSeed = 20_000_000 + Math.floor(Math.random() * 60_000_000);
const freshRut = () => {
  rutSeed += 1;
  return `${rutSeed}-${rutCheckDigit(String(rutSeed))}`;
};

async function newSociety(group: string) {
  const industry = (await call(societies.listIndustries, { token: superAdmin })).body[0]?.uuid as string;
  const created = await call(societies.createSociety, {
    token: superAdmin,
    body: {
      society_business_name: `Contable ${randomUUID().slice(0, 8)} SpA`,
      society_rut: freshRut(),
      business_line: 'Servicios',
      company_code: 'CON',
      industry_type: industry,
      society_email: 'contacto@contable.cl',
      currency: 'CLP',
      group,
      society_contact_name: 'Juan Pérez',
      society_phone_number: '+56911112222',
      tax_module: 'False',
    },
  });
  expect(created.status).toBe(201);
  return { uuid: created.body.uuid as string, rut: created.body.society_rut as string };
}

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
});

describe('imports', () => {
  test('a chart with bad rows is reported row by row and not stored; the ledger then has no chart to use', async () => {
    const society = await newSociety(demo().groups.norte);
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
    const ledger = await importLedger(society.uuid, ledgerCsv(society.rut));
    expect(ledger.body.imported).toBe(false);
    expect(ledger.body.file_errors).toEqual([
      'La sociedad no tiene plan de cuentas: importe primero el plan de cuentas.',
    ]);
  });

  test('a ledger with any bad row stores nothing and lists every bad row with its Spanish error', async () => {
    const society = await newSociety(demo().groups.norte);
    expect((await importChart(society.uuid)).body.imported).toBe(true);
    const rut = society.rut;
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
    const dates = await call(accounting.balance8columnsAvailableDates, {
      token: groupAdmin,
      query: { society: society.uuid },
    });
    expect(dates.body.dates).toEqual([]);
  });

  test('a file without the required columns, or not a spreadsheet, is refused as a whole', async () => {
    const society = await newSociety(demo().groups.norte);
    await importChart(society.uuid);
    const noColumns = await importLedger(society.uuid, 'fecha;debe\n2019-01-01;1');
    expect(noColumns.body.file_errors[0]).toMatch(/^Faltan columnas en el encabezado: rut_sociedad, tipo_comp/);
    const binary = await importLedger(society.uuid, Buffer.from([0, 1, 2, 3, 0]), groupAdmin, 'x.bin');
    expect(binary.status).toBe(400);
  });

  test('windows-1252 with commas, and XLSX, import the same ledger', async () => {
    const society = await newSociety(demo().groups.norte);
    await importChart(society.uuid);
    // Excel in es-CL: windows-1252 bytes (é of "débito" is 0xE9), comma-separated, amounts quoted with thousands dots.
    const commas = ledgerCsv(society.rut)
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

    const other = await newSociety(demo().groups.norte);
    await importChart(other.uuid);
    const rows = ledgerCsv(other.rut)
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
      call(accounting.balance8columnsReport, q(society.uuid)),
      call(accounting.balance8columnsReport, q(other.uuid)),
    ]);
    expect(a.body.rows.length).toBeGreaterThan(0);
    expect(b.body.rows).toEqual(a.body.rows);
  });
});

describe('statements of the hand-worked ledger', () => {
  let society: { uuid: string; rut: string };
  beforeAll(async () => {
    society = await newSociety(demo().groups.norte);
    await importChart(society.uuid);
    const answer = await importLedger(society.uuid, ledgerCsv(society.rut));
    expect(answer.body.imported).toBe(true);
    expect(answer.body.periods).toEqual([
      { base: 'AMBAS', year: 2019, month: 1, lines: 5 },
      { base: 'AMBAS', year: 2019, month: 2, lines: 2 },
      { base: 'IFRS', year: 2019, month: 2, lines: 2 },
      { base: 'TRBT', year: 2019, month: 3, lines: 2 },
    ]);
  });

  test('available dates per basis, latest first', async () => {
    const ifrs = await call(accounting.balance8columnsAvailableDates, {
      token: groupAdmin,
      query: { society: society.uuid, rule: 'IFRS' },
    });
    expect(ifrs.body.dates).toEqual([
      { year: 2019, month: 2 },
      { year: 2019, month: 1 },
    ]);
    const all = await call(accounting.cashflowAvailableDates, { token: groupAdmin, query: { society: society.uuid } });
    expect(all.body.dates[0]).toEqual({ year: 2019, month: 3 });
  });

  test('8-column balance, IFRS, to February 2019', async () => {
    const { status, body } = await call(accounting.balance8columnsReport, {
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
    const { body } = await call(accounting.balance8columnsReport, {
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
    const fs = await call(accounting.financialSituationReport, { token: groupAdmin, query });
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
    const results = await call(accounting.statusResultsReport, { token: groupAdmin, query });
    expect(amounts(results.body.rows)).toEqual([
      [0, 'Ventas', 1_000_000, 1_000_000],
      ['total', 'Total ingresos de explotación', 1_000_000, 1_000_000],
      [1, 'Costo de ventas', -400_000, 0],
      ['total', 'Total costos de explotación', -400_000, 0],
      ['result', 'RESULTADO DEL EJERCICIO', 600_000, 1_000_000],
    ]);
    const single = await call(accounting.statusResultsReport, {
      token: groupAdmin,
      query: { ...query, report_type: 'SINGLE' },
    });
    expect(single.body.colum_date.end_date).toBeNull();
    expect(single.body.rows.every((r) => r.imp_mov_mn_sg_compare === null)).toBe(true);
  });

  test('cash flow by line and month: opening + months = closing', async () => {
    const { body } = await call(accounting.cashflowReport, {
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

  test('drill-down: the account lines to the period and their total; a parent1 not the account’s gives none', async () => {
    const query = { society: society.uuid, period: '2019-02', rule: 'IFRS', cod_cta: '1.1.01' };
    const { body } = await call(accounting.balance8columnsDetail, { token: groupAdmin, query });
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
    const withParent = await call(accounting.financialSituationDetail, {
      token: groupAdmin,
      query: { ...query, parent1: 'Efectivo y equivalentes' },
    });
    expect(withParent.body.footer.total).toBe(11_190_000);
    const otherParent = await call(accounting.financialSituationDetail, {
      token: groupAdmin,
      query: { ...query, parent1: 'Deudores comerciales' },
    });
    expect(otherParent.body.lines).toEqual([]);
    const noAccount = await call(accounting.balance8columnsDetail, {
      token: groupAdmin,
      query: { society: society.uuid, period: '2019-02' },
    });
    expect(noAccount.status).toBe(400);
  });

  test('USD at the dólar observado of the period’s last day; without one, a Spanish error', async () => {
    const { putIndicatorValues } = await import('../../functions/lib/data/indicators');
    await tableAccess();
    await putIndicatorValues([{ code: 'dolar', day: '2019-02-28', value: 700, source: 'sample' }]);
    const { body, status } = await call(accounting.balance8columnsReport, {
      token: groupAdmin,
      query: { society: society.uuid, year: 2019, month: 2, rule: 'IFRS', money_type: 'USD' },
    });
    expect(status).toBe(200);
    expect(body.header).toMatchObject({ money_symbol: 'US$', money_type: 'USD' });
    expect(body.header.exchange_rate).toEqual({ value: 700, day: '2019-02-28' });
    const capital = body.rows.find((r) => r.cod_cta === '3.1.01')?.creditos as number;
    expect(Math.abs(capital - 10_000_000 / 700)).toBeLessThanOrEqual(0.01);
    const cents = (x: number) => Math.round(x * 100);
    const f = body.footer;
    expect(cents(f.cumulative_total.debitos)).toBe(cents(f.cumulative_total.creditos));
    expect(cents(f.equal_sums.activo)).toBe(cents(f.equal_sums.pasivo));
    expect(cents(f.equal_sums.perdida)).toBe(cents(f.equal_sums.ganancia));
    const detail = await call(accounting.balance8columnsDetail, {
      token: groupAdmin,
      query: { society: society.uuid, period: '2019-02', rule: 'IFRS', cod_cta: '1.1.01', money_type: 'USD' },
    });
    expect(cents(detail.body.footer.total)).toBe(
      detail.body.lines.reduce((s: number, l: { imp_mov_mn_sg: number }) => s + cents(l.imp_mov_mn_sg), 0),
    );

    const missing = await call(accounting.balance8columnsReport, {
      token: groupAdmin,
      query: { society: society.uuid, year: 1995, month: 1, money_type: 'USD' },
    });
    expect(missing.status).toBe(409);
    expect(missing.body.code).toBe('EXCHANGE_RATE_MISSING');
  });
});

describe('re-import', () => {
  test('replaces the periods of the file at once: readers see the old figures or the new, never a mix', async () => {
    const society = await newSociety(demo().groups.norte);
    await importChart(society.uuid);
    const voucher = (amount: number, n: number) => [
      `${society.rut};AMBAS;2019-05-02;T;${n};1;1.1.10;${amount};0;Venta`,
      `${society.rut};AMBAS;2019-05-02;T;${n};2;4.1.01;0;${amount};Venta`,
    ];
    const file = (amount: number) =>
      ['rut_sociedad;base;fecha;tipo_comp;nro_comp;linea;cod_cta;debe;haber;glosa']
        .concat(Array.from({ length: 60 }, (_, i) => voucher(amount, i + 1)).flat())
        .join('\n');
    expect((await importLedger(society.uuid, file(1000))).body.imported).toBe(true);
    const read = () =>
      call(accounting.balance8columnsReport, {
        token: groupAdmin,
        query: { society: society.uuid, year: 2019, month: 5 },
      }).then((r) => r.body.footer.cumulative_total.debitos);
    expect(await read()).toBe(60_000);
    // Readers race the re-import: each answer is the whole old file or the whole new one.
    const reimport = importLedger(society.uuid, file(3000));
    const seen = await Promise.all(Array.from({ length: 12 }, read));
    expect((await reimport).body.imported).toBe(true);
    for (const total of seen) expect([60_000, 180_000]).toContain(total);
    expect(await read()).toBe(180_000);
    // A bad re-import leaves the stored figures as they were.
    const bad = file(5000).replace(';5000;Venta', ';4999;Venta');
    expect((await importLedger(society.uuid, bad)).body.imported).toBe(false);
    expect(await read()).toBe(180_000);
  });
});

describe('scope', () => {
  let foreign: { uuid: string; rut: string };
  beforeAll(async () => {
    const project = await call(projects.createProject, {
      token: superAdmin,
      body: {
        project_name: `Contable ${randomUUID().slice(0, 8)}`,
        client_name: 'Cliente SpA',
        associated_service_description: 'Contabilidad',
        service_description: 'Portal',
      },
    });
    const group = await call(groups.createGroup, {
      token: superAdmin,
      body: { group_name: 'Grupo contable', group_description: 'Ajeno', project: project.body.uuid },
    });
    foreign = await newSociety(group.body.uuid);
    expect((await importChart(foreign.uuid, CHART_CSV, superAdmin)).body.imported).toBe(true);
    expect((await importLedger(foreign.uuid, ledgerCsv(foreign.rut), superAdmin)).body.imported).toBe(true);
  });

  test('an admin cannot import into a society outside its scope (404), and nothing changes', async () => {
    const answer = await importLedger(foreign.uuid, ledgerCsv(foreign.rut).replace(/10\.000\.000/g, '20.000.000'));
    expect(answer.status).toBe(404);
    const chart = await importChart(foreign.uuid);
    expect(chart.status).toBe(404);
    const { body } = await call(accounting.balance8columnsReport, {
      token: superAdmin,
      query: { society: foreign.uuid, year: 2019, month: 1 },
    });
    expect(body.rows.find((r) => r.cod_cta === '3.1.01')?.creditos).toBe(10_000_000);
  });

  test('statements and drill-down of a society outside the caller’s scope answer 404', async () => {
    for (const token of [groupAdmin, societyUser]) {
      const query = { society: foreign.uuid, year: 2019, month: 2 };
      expect((await call(accounting.balance8columnsReport, { token, query })).status).toBe(404);
      expect(
        (await call(accounting.financialSituationReport, { token, query: { society: foreign.uuid } })).status,
      ).toBe(404);
      expect((await call(accounting.cashflowReport, { token, query: { society: foreign.uuid } })).status).toBe(404);
      expect(
        (
          await call(accounting.balance8columnsDetail, {
            token,
            query: { society: foreign.uuid, period: '2019-02', cod_cta: '1.1.01' },
          })
        ).status,
      ).toBe(404);
      expect(
        (await call(accounting.statusResultsAvailableDates, { token, query: { society: foreign.uuid } })).status,
      ).toBe(404);
    }
  });

  test('a USER_SOCIETY reads its own society but cannot import', async () => {
    const own = demo().societies.minera;
    const report = await call(accounting.balance8columnsReport, { token: societyUser, query: { society: own } });
    expect(report.status).toBe(200);
    const sibling = await call(accounting.balance8columnsReport, {
      token: societyUser,
      query: { society: demo().societies.comercial },
    });
    expect(sibling.status).toBe(404);
    const answer = await importChart(own, CHART_CSV, societyUser);
    expect(answer.status).toBe(403);
  });
});
