import { randomUUID } from 'node:crypto';
import { PDFDocument, PDFName, type PDFNumber, PDFStream } from 'pdf-lib';
import { readSheet } from 'read-excel-file/node';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import * as accounting from '../../shared/contracts/accounting';
import type { Contract } from '../../shared/contracts/define';
import { signIn } from '../helpers/api';
import { familyOf } from '../helpers/contract-inputs';
import { newSociety } from '../helpers/societies';
import { CHART_CSV, ledgerCsv, statementAssignments, upload } from './accounting-helpers';

/** Exports: PDF and Excel of each statement, read back; real numbers; no formula from imported text. */
let superAdmin: string;
let societyUser: string;
let society: { uuid: string; rut: string; name: string };
/** The statements open through assignments: these cover the demo group norte. */
let opened: Record<accounting.StatementFamily, string>;

async function download(contract: Contract, query: Record<string, string | number>, token: string) {
  const url = new URL(`${inject('portal').apiUrl}/${contract.path}`);
  const assignment = opened[familyOf(contract) as accounting.StatementFamily];
  for (const [k, v] of Object.entries({ assignment, ...query, token })) url.searchParams.set(k, String(v));
  const response = await fetch(url, { headers: { 'x-portal-viewer-ip': '10.8.8.8' } });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

beforeAll(async () => {
  [superAdmin, societyUser] = await Promise.all([
    signIn('superadmin@demo.cl').then((t) => t.access),
    signIn('sociedad@demo.cl').then((t) => t.access),
  ]);
  const name = `Exporta ${randomUUID().slice(0, 6)} SpA`;
  const created = await newSociety(superAdmin, inject('portal').demo.groups.norte, {
    society_business_name: name,
    company_code: 'EXP',
    society_email: 'contacto@exporta.cl',
  });
  society = { uuid: created.uuid, rut: created.society_rut, name };
  // An account name that a spreadsheet would run as a formula if it were written as one.
  const chart = CHART_CSV.replace('1.1.10;Clientes;', '1.1.10;=HYPERLINK("http://x","y");');
  const chartAnswer = await upload(
    accounting.importAccountingChart,
    superAdmin,
    { society: society.uuid },
    {
      name: 'plan.csv',
      data: chart,
    },
  );
  expect(chartAnswer.body.imported).toBe(true);
  const ledger = await upload(
    accounting.importAccountingLedger,
    superAdmin,
    { society: society.uuid },
    {
      name: 'libro.csv',
      data: ledgerCsv(society.rut),
    },
  );
  expect(ledger.body.imported).toBe(true);
  opened = await statementAssignments(superAdmin, { group_list: [inject('portal').demo.groups.norte] });
});

describe('exports', () => {
  test('the 8-column balance in Excel: heading, real numbers with a format, the formula-like name escaped', async () => {
    const query = { society: society.uuid, year: 2019, month: 2, rule: 'IFRS', money_type: 'LOCAL', type: 1 };
    const file = await download(accounting.balance8columnsExcel, query, superAdmin);
    expect(file.status).toBe(200);
    expect(file.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const rows = (await readSheet(file.bytes)) as unknown[][];
    const texts = rows.map((r) => r[0]);
    expect(texts[0]).toBe('Balance de 8 columnas');
    expect(texts).toContain(`Sociedad: ${society.name} (${society.rut})`);
    expect(texts).toContain('Período: Febrero 2019');
    expect(texts).toContain('Norma: IFRS');
    expect(texts).toContain('Moneda: Pesos chilenos (CLP)');
    const caja = rows.find((r) => r[0] === '1.1.01');
    expect(caja).toEqual(['1.1.01', 'Caja', 11_190_000, 0, 11_190_000, 0, 11_190_000, 0, 0, 0]);
    const clientes = rows.find((r) => r[0] === '1.1.10');
    expect(clientes?.[1]).toBe('\'=HYPERLINK("http://x","y")');
    const equal = rows.find((r) => r[1] === 'Sumas iguales');
    expect(equal?.slice(6)).toEqual([11_190_000, 11_190_000, 1_000_000, 1_000_000]);
  });

  test('financial situation and results in Excel, compared; no Excel for the cash flow', async () => {
    const query = {
      society: society.uuid,
      start_period: '2019-02',
      end_period: '2019-01',
      report_type: 'COMPARE',
      rule: 'IFRS',
    };
    const fs = await download(accounting.financialSituationExcel, query, superAdmin);
    const fsRows = (await readSheet(fs.bytes)) as unknown[][];
    expect(fsRows.find((r) => r[1] === 'TOTAL ACTIVOS')?.slice(2)).toEqual([11_190_000, 11_190_000]);
    expect(fsRows.find((r) => r[1] === 'TOTAL PASIVOS Y PATRIMONIO')?.slice(2)).toEqual([11_190_000, 11_190_000]);
    const results = await download(accounting.statusResultsExcel, query, superAdmin);
    const resultRows = (await readSheet(results.bytes)) as unknown[][];
    expect(resultRows.find((r) => r[1] === 'RESULTADO DEL EJERCICIO')?.slice(2)).toEqual([600_000, 1_000_000]);
    expect(Object.keys(accounting)).not.toContain('cashflowExcel');
  });

  /** The images a PDF draws, by their size in pixels. */
  const imagesOf = (pdf: PDFDocument) =>
    pdf.context
      .enumerateIndirectObjects()
      .map(([, object]) => object)
      .filter((object) => object instanceof PDFStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'))
      .map((object) => {
        const size = (key: string) => ((object as PDFStream).dict.get(PDFName.of(key)) as PDFNumber).asNumber();
        return `${size('Width')}x${size('Height')}`;
      });

  test('PDFs of the four statements open, titled, with the firm logo, and a USER_SOCIETY cannot download another society', async () => {
    const cases: Array<[Contract, Record<string, string | number>, string]> = [
      [accounting.balance8columnsPdf, { society: society.uuid, year: 2019, month: 2 }, 'Balance de 8 columnas'],
      [
        accounting.financialSituationPdf,
        { society: society.uuid, start_period: '2019-02' },
        'Estado de situación financiera',
      ],
      [accounting.statusResultsPdf, { society: society.uuid, start_period: '2019-02' }, 'Estado de resultados'],
      [accounting.cashflowPdf, { society: society.uuid, year: 2019 }, 'Estado de flujo de efectivo'],
    ];
    for (const [contract, query, title] of cases) {
      const file = await download(contract, query, superAdmin);
      expect(file.status, contract.id).toBe(200);
      expect(file.type).toBe('application/pdf');
      const pdf = await PDFDocument.load(file.bytes);
      expect(pdf.getTitle()).toBe(title);
      expect(pdf.getPageCount()).toBeGreaterThan(0);
      // The demo firm's 360 × 96 logo (local/brand-images.ts) and its transparency.
      expect(imagesOf(pdf)).toEqual(['360x96', '360x96']);
      const foreign = await download(contract, query, societyUser);
      expect(foreign.status).toBe(404);
    }
  });
});
