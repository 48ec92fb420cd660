import type {
  BalanceReport,
  CashFlowReport,
  FinancialSituationReport,
  StatementRow,
  StatusResultsReport,
} from '../../shared/contracts/accounting';
import { formatDay } from '../../shared/day';
import { accountingStatements as t } from '../../shared/i18n/es/accounting';
import { slug as slugOf } from '../../shared/slug';
import { chileanNumber, type ExportRow, type ExportTable } from '../lib/accounting/export-table';

/**
 * Statements laid out for the PDF and Excel exports: the same figures the screen shows. The rules live
 * here, once; each export handler hands the table to its own writer (lib/accounting/export-pdf.ts or export-excel.ts),
 * so a PDF function never bundles the Excel writer nor an Excel one pdf-lib.
 */
type Header = BalanceReport['header'] | FinancialSituationReport['header'] | CashFlowReport['header'];

const monthName = (period: string) => {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return `${t.months[month - 1]} ${year}`;
};

function headingOf(header: Header, period: string): string[] {
  const lines = [
    `${t.society}: ${header.society_business_name}${header.society_rut ? ` (${header.society_rut})` : ''}`,
    `${t.period}: ${period}`,
    `${t.rule}: ${t.rules[header.rule]}`,
    `${t.currency}: ${t.currencies[header.money_type]}`,
  ];
  const rateText = (rate: { value: number; day: string; stale?: boolean }, words: typeof t.exchangeRate) =>
    words(chileanNumber(rate.value, 2), formatDay(rate.day)) + (rate.stale ? t.staleRate : '');
  if (header.exchange_rate) lines.push(rateText(header.exchange_rate, t.exchangeRate));
  if ('compare_exchange_rate' in header && header.compare_exchange_rate) {
    lines.push(rateText(header.compare_exchange_rate, t.compareExchangeRate));
  }
  lines.push(t.generatedOn(new Date().toLocaleDateString('es-CL', { timeZone: 'America/Santiago' })));
  return lines;
}

const decimalsOf = (header: Header): 0 | 2 => (header.money_type === 'USD' ? 2 : 0);
const slug = (name: string) => slugOf(name).slice(0, 40);

const EIGHT = ['debitos', 'creditos', 'deudor', 'acreedor', 'activo', 'pasivo', 'perdida', 'ganancia'] as const;

export function balanceTable(report: BalanceReport): ExportTable {
  const { header } = report;
  const period = monthName(`${header.year}-${String(header.month).padStart(2, '0')}`);
  const c = t.balanceColumns;
  const footerRow = (label: string, values: BalanceReport['footer']['cumulative_total']): ExportRow => ({
    cells: ['', label, ...EIGHT.map((k) => values[k])],
    bold: true,
  });
  return {
    title: t.types[1] as string,
    heading: headingOf(header, period),
    columns: [
      { label: c.cod_cta, kind: 'text', width: 1.2 },
      { label: c.nom_cta, kind: 'text', width: 3 },
      ...EIGHT.map((k) => ({ label: c[k], kind: 'money' as const, width: 1.3 })),
    ],
    rows: [
      ...report.rows.map((r) => ({ cells: [r.cod_cta, r.nom_cta, ...EIGHT.map((k) => r[k])] })),
      footerRow(t.footer.cumulative_total, report.footer.cumulative_total),
      footerRow(t.footer.result_excersice, report.footer.result_excersice),
      footerRow(t.footer.equal_sums, report.footer.equal_sums),
    ],
    decimals: decimalsOf(header),
    fileName: `balance-8-columnas-${slug(header.society_business_name)}-${header.year}-${header.month}`,
  };
}

function comparedColumns(colum: FinancialSituationReport['colum_date']) {
  return [
    { label: t.balanceColumns.cod_cta, kind: 'text' as const, width: 1.2 },
    { label: t.balanceColumns.nom_cta, kind: 'text' as const, width: 4 },
    { label: monthName(colum.start_date), kind: 'money' as const, width: 1.6 },
    ...(colum.end_date ? [{ label: monthName(colum.end_date), kind: 'money' as const, width: 1.6 }] : []),
  ];
}

const statementRows = (rows: StatementRow[], comparing: boolean): ExportRow[] =>
  rows.map((r) => ({
    cells: [r.cod_cta, r.nom_cta, r.imp_mov_mn_sg, ...(comparing ? [r.imp_mov_mn_sg_compare] : [])],
    bold: r.bold,
  }));

export function financialSituationTable(report: FinancialSituationReport): ExportTable {
  const comparing = report.colum_date.end_date !== null;
  const heading = (label: string): ExportRow => ({ cells: ['', label.toUpperCase()], bold: true });
  return {
    title: t.types[2] as string,
    heading: headingOf(report.header, periodLabel(report.colum_date)),
    columns: comparedColumns(report.colum_date),
    rows: [
      heading(t.assets),
      ...statementRows(report.assets, comparing),
      heading(t.passiveAndHeritage),
      ...statementRows(report.passive_and_heritage, comparing),
    ],
    decimals: decimalsOf(report.header),
    fileName: `situacion-financiera-${slug(report.header.society_business_name)}-${report.colum_date.start_date}`,
  };
}

const periodLabel = (colum: FinancialSituationReport['colum_date']) =>
  colum.end_date
    ? `${monthName(colum.start_date)} (${t.compare.toLowerCase()}: ${monthName(colum.end_date)})`
    : monthName(colum.start_date);

export function statusResultsTable(report: StatusResultsReport): ExportTable {
  return {
    title: t.types[3] as string,
    heading: headingOf(report.header, periodLabel(report.colum_date)),
    columns: comparedColumns(report.colum_date),
    rows: statementRows(report.rows, report.colum_date.end_date !== null),
    decimals: decimalsOf(report.header),
    fileName: `estado-resultados-${slug(report.header.society_business_name)}-${report.colum_date.start_date}`,
  };
}

export function cashFlowTable(report: CashFlowReport): ExportTable {
  return {
    title: t.types[4] as string,
    heading: headingOf(report.header, String(report.header.year)),
    columns: [
      { label: '', kind: 'text', width: 3 },
      ...t.months.map((m) => ({ label: m.slice(0, 3), kind: 'money' as const, width: 1 })),
      { label: t.total, kind: 'money', width: 1.2 },
    ],
    rows: [
      ...report.rows.map((r) => ({ cells: [r.name, ...r.months, r.total] })),
      { cells: [t.flowTotal, ...report.footer.total.months, report.footer.total.total], bold: true },
    ],
    decimals: decimalsOf(report.header),
    fileName: `flujo-efectivo-${slug(report.header.society_business_name)}-${report.header.year}`,
  };
}
