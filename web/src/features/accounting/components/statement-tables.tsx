import { Button, Table, TableBody, TableCell, TableHead, TableRow, Text, View } from '@aws-amplify/ui-react';
import type {
  BalanceReport,
  CashFlowReport,
  FinancialSituationReport,
  StatementRow,
  StatusResultsReport,
} from '@shared/contracts/accounting';
import { es } from '@shared/i18n/es';
import { formatAmount, formatPercent, MONTHS, periodLabel, periodRangeLabel } from '../lib/format';

const t = es.accountingStatements;
const s = es.accountingScreens;

export interface DrillTarget {
  cod_cta: string;
  nom_cta: string;
  parent1?: string;
  /** Cash flow: the month (1–12) of the cell opened; cod_cta is then the flow line's index. */
  month?: number;
}

/** An account name the user can open (drill-down modal), or plain text when there is no detail. */
function AccountCell({ code, name, onOpen }: { code: string; name: string; onOpen?: () => void }) {
  if (!onOpen || !code) return <>{name}</>;
  return (
    <Button variation="link" size="small" padding="0" onClick={onOpen} aria-label={s.openDetail(name)}>
      {name}
    </Button>
  );
}

const num = (value: number | null, money: string, key?: string) => (
  <TableCell key={key} textAlign="right" style={{ whiteSpace: 'nowrap' }}>
    {formatAmount(value, money)}
  </TableCell>
);

const EIGHT = ['debitos', 'creditos', 'deudor', 'acreedor', 'activo', 'pasivo', 'perdida', 'ganancia'] as const;

/** Balance de 8 columnas: rows, then Sumas, Resultado del ejercicio and Sumas iguales. */
export function BalanceTable({ report, onOpen }: { report: BalanceReport; onOpen: (row: DrillTarget) => void }) {
  const money = report.header.money_type;
  const footer = [
    [t.footer.cumulative_total, report.footer.cumulative_total],
    [t.footer.result_excersice, report.footer.result_excersice],
    [t.footer.equal_sums, report.footer.equal_sums],
  ] as const;
  return (
    <View className="accounting-scroll">
      <Table size="small" variation="striped" data-testid="balance-table" aria-label={t.types[1]}>
        <TableHead>
          <TableRow>
            <TableCell as="th">{t.balanceColumns.cod_cta}</TableCell>
            <TableCell as="th">{t.balanceColumns.nom_cta}</TableCell>
            {EIGHT.map((k) => (
              <TableCell as="th" key={k} textAlign="right">
                {t.balanceColumns[k]}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {report.rows.map((row) => (
            <TableRow key={row.cod_cta} data-account={row.cod_cta}>
              <TableCell>{row.cod_cta}</TableCell>
              <TableCell>
                <AccountCell code={row.cod_cta} name={row.nom_cta} onOpen={() => onOpen(row)} />
              </TableCell>
              {EIGHT.map((k) => num(row[k], money, k))}
            </TableRow>
          ))}
          {footer.map(([label, values]) => (
            <TableRow key={label} data-footer={label}>
              <TableCell />
              <TableCell fontWeight="bold">{label}</TableCell>
              {EIGHT.map((k) => num(values[k], money, k))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </View>
  );
}

/** Rows of types 2 and 3: accounts, 'total' subtotals and the result line (bold), an optional compared column. */
function RowsTable({
  label,
  rows,
  money,
  columns,
  onOpen,
  cumulative = false,
}: {
  label: string;
  rows: StatementRow[];
  money: string;
  columns: { start: string; end: string | null };
  onOpen: (row: DrillTarget) => void;
  /** The income statement's amounts run from January to the period: its columns say so. */
  cumulative?: boolean;
}) {
  const columnLabel = cumulative ? periodRangeLabel : periodLabel;
  return (
    <View className="accounting-scroll">
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell as="th">{label}</TableCell>
            <TableCell as="th" textAlign="right">
              {columnLabel(columns.start)}
            </TableCell>
            {columns.end ? (
              <>
                <TableCell as="th" textAlign="right">
                  {columnLabel(columns.end)}
                </TableCell>
                <TableCell as="th" textAlign="right">
                  {s.variation}
                </TableCell>
                <TableCell as="th" textAlign="right">
                  {s.variationPercent}
                </TableCell>
              </>
            ) : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow
              key={`${row.index}|${row.nivel2}|${row.cod_cta}|${row.nom_cta}`}
              data-account={row.cod_cta || undefined}
            >
              <TableCell fontWeight={row.bold ? 'bold' : undefined}>
                <AccountCell
                  code={row.cod_cta}
                  name={row.cod_cta ? `${row.cod_cta} ${row.nom_cta}` : row.nom_cta}
                  onOpen={row.cod_cta ? () => onOpen(row) : undefined}
                />
              </TableCell>
              {num(row.imp_mov_mn_sg, money)}
              {columns.end ? (
                <>
                  {num(row.imp_mov_mn_sg_compare, money)}
                  {num(variation(row), money)}
                  <TableCell textAlign="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatPercent(variationPercent(row))}
                  </TableCell>
                </>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </View>
  );
}

/** The change from the compared period to the shown one, in money and in percent of the compared amount. */
const variation = (row: StatementRow) =>
  row.imp_mov_mn_sg_compare === null ? null : row.imp_mov_mn_sg - row.imp_mov_mn_sg_compare;
const variationPercent = (row: StatementRow) =>
  row.imp_mov_mn_sg_compare
    ? ((row.imp_mov_mn_sg - row.imp_mov_mn_sg_compare) / Math.abs(row.imp_mov_mn_sg_compare)) * 100
    : null;

export function FinancialTable({
  report,
  onOpen,
}: {
  report: FinancialSituationReport;
  onOpen: (row: DrillTarget) => void;
}) {
  const columns = { start: report.colum_date.start_date, end: report.colum_date.end_date };
  const money = report.header.money_type;
  return (
    <>
      <RowsTable label={t.assets} rows={report.assets} money={money} columns={columns} onOpen={onOpen} />
      <RowsTable
        label={t.passiveAndHeritage}
        rows={report.passive_and_heritage}
        money={money}
        columns={columns}
        onOpen={onOpen}
      />
    </>
  );
}

export function ResultsTable({ report, onOpen }: { report: StatusResultsReport; onOpen: (row: DrillTarget) => void }) {
  const columns = { start: report.colum_date.start_date, end: report.colum_date.end_date };
  return (
    <RowsTable
      label={t.types[3] as string}
      rows={report.rows}
      money={report.header.money_type}
      columns={columns}
      onOpen={onOpen}
      cumulative
    />
  );
}

/** Cash flow by line and month (Enero to Diciembre) and Total, the month totals last; opening and closing cash. A
 * month's non-zero cell of a line opens its drill-down. */
export function CashFlowTable({ report, onOpen }: { report: CashFlowReport; onOpen: (cell: DrillTarget) => void }) {
  const money = report.header.money_type;
  return (
    <View className="accounting-scroll">
      <Text fontSize="small">
        {s.openingCash}: {formatAmount(report.opening_cash, money)} · {s.closingCash}:{' '}
        {formatAmount(report.closing_cash, money)}
      </Text>
      <Table size="small" variation="striped" aria-label={t.types[4]}>
        <TableHead>
          <TableRow>
            <TableCell as="th">{t.types[4]}</TableCell>
            {MONTHS.map((m) => (
              <TableCell as="th" key={m} textAlign="right">
                {m}
              </TableCell>
            ))}
            <TableCell as="th" textAlign="right">
              {t.total}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {[...report.rows, { index: 'total', name: t.flowTotal, ...report.footer.total }].map((row) => (
            <TableRow key={row.index}>
              <TableCell fontWeight={row.index === 'total' ? 'bold' : undefined}>{row.name}</TableCell>
              {row.months.map((value, m) => (
                <TableCell key={MONTHS[m]} textAlign="right" style={{ whiteSpace: 'nowrap' }}>
                  {row.index === 'total' || value === 0 ? (
                    formatAmount(value, money)
                  ) : (
                    <Button
                      variation="link"
                      size="small"
                      padding="0"
                      aria-label={s.openFlowDetail(
                        formatAmount(value, money),
                        row.name,
                        `${t.months[m]} ${report.header.year}`,
                      )}
                      onClick={() => onOpen({ cod_cta: row.index, nom_cta: row.name, month: m + 1 })}
                    >
                      {formatAmount(value, money)}
                    </Button>
                  )}
                </TableCell>
              ))}
              {num(row.total, money)}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </View>
  );
}
