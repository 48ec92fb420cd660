import '../accounting.css';
import { Alert, Button, Card, Flex, Heading, Loader, Menu, MenuItem, Text } from '@aws-amplify/ui-react';
import type {
  BalanceReport,
  CashFlowReport,
  ExchangeRate,
  FinancialSituationReport,
  StatusResultsReport,
} from '@shared/contracts/accounting';
import { formatDay } from '@shared/day';
import { es } from '@shared/i18n/es';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { AdminBreadcrumb } from '@/components/admin/breadcrumb';
import { ServerErrors } from '@/components/admin/server-errors';
import { NotFound } from '@/components/ui/not-found';
import { useSession } from '@/lib/session';
import { readLocal, writeLocal } from '@/lib/storage';
import { downloadStatement, hasExcel } from '../api/statement-files';
import { hasDetail, useAvailableDates, useStatement } from '../api/statements';
import { useViewerSocieties } from '../api/viewer-societies';
import { DetailModal } from '../components/detail-modal';
import { type FilterState, StatementFilters } from '../components/statement-filters';
import {
  BalanceTable,
  CashFlowTable,
  type DrillTarget,
  FinancialTable,
  ResultsTable,
} from '../components/statement-tables';
import { formatAmount, statementFileName } from '../lib/format';
import { defaultPeriods, familyOfType, parsePeriodKey, reportTypeOf } from '../lib/periods';

const s = es.accountingScreens;

/** A rate as the header states it, its day DD-MM-YYYY, and plainly when it is older than the period it converts. */
const rateText = (rate: ExchangeRate, words: (value: string, day: string) => string) =>
  words(formatAmount(rate.value, 'USD'), formatDay(rate.day)) + (rate.stale ? ` (${s.staleRate})` : '');
const t = es.accountingStatements;
const SOCIETY_KEY = 'accounting-society';

/** Does the answer hold anything to show (portal §4: no header or no rows is 'no data')? Each statement has its shape. */
function hasRows(type: number, report: unknown): boolean {
  if (!(report as { header?: unknown } | undefined)?.header) return false;
  if (type === 4) return (report as CashFlowReport).rows?.length > 0;
  const r = report as Partial<BalanceReport & FinancialSituationReport & StatusResultsReport>;
  const accounts = [...(r.rows ?? []), ...(r.assets ?? []), ...(r.passive_and_heritage ?? [])] as Array<{
    index?: unknown;
    cod_cta?: string;
  }>;
  return accounts.some((row) => typeof row.index === 'number' || (row.cod_cta !== undefined && row.cod_cta !== ''));
}

/**
 * /accounting/{type}/{uuid} (portal §2 "Accounting statements", §4 "Statement viewer"): breadcrumb, filters with the
 * spec's defaults, the statement with a spinner or 'Datos no encontrados', the drill-down modal and 'Descargar'.
 */
export function StatementViewRoute() {
  const { type, uuid } = useParams();
  // Another statement or assignment is another screen: its filters and data start afresh, never the last one's.
  return <StatementView key={`${type}/${uuid}`} />;
}

function StatementView() {
  const { type: typeParam, uuid: assignment } = useParams();
  const family = familyOfType(typeParam);
  const type = Number(typeParam);
  const { profile } = useSession();
  // A society user of one company has nothing to choose; one of several companies picks here, as the others do.
  const isSocietyUser = profile?.profile.user_role === 'USER_SOCIETY';
  // Only the societies this assignment opens for the caller (the viewer honours its assignment).
  const societies = useViewerSocieties(assignment);
  const [state, setState] = useState<FilterState>({
    society: '',
    start: '',
    compare: '',
    rule: 'IFRS',
    money: 'LOCAL',
  });
  const [target, setTarget] = useState<DrillTarget | null>(null);
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const update = useCallback((next: Partial<FilterState>) => setState((current) => ({ ...current, ...next })), []);

  // Society: the one used before (when still the caller's), else the first of the list.
  const list = societies.data ?? [];
  useEffect(() => {
    if (state.society || list.length === 0) return;
    const stored = readLocal(SOCIETY_KEY) ?? readLocal('society');
    update({ society: list.some((x) => x.uuid === stored) ? (stored as string) : (list[0]?.uuid ?? '') });
  }, [list, state.society, update]);
  useEffect(() => {
    if (state.society) writeLocal(SOCIETY_KEY, state.society);
  }, [state.society]);

  const dates = useAvailableDates(
    family ?? 'balance8columns',
    family && assignment && state.society
      ? { society: state.society, assignment, rule: state.rule, money_type: state.money }
      : null,
  );
  const available = dates.data?.dates ?? [];
  useEffect(() => {
    if (!dates.data || state.start) return;
    const defaults = defaultPeriods(type, dates.data.dates);
    if (defaults.start) update(defaults);
  }, [dates.data, state.start, type, update]);

  const query = useMemo(() => {
    if (!family || !assignment || !state.society || !state.start) return null;
    const common = { society: state.society, assignment, rule: state.rule, money_type: state.money };
    const { year, month } = parsePeriodKey(state.start);
    if (type === 1) return { ...common, year, month };
    if (type === 4) return { ...common, year };
    return {
      ...common,
      start_period: state.start,
      ...(state.compare ? { end_period: state.compare } : {}),
      report_type: reportTypeOf(state.compare),
    };
  }, [family, assignment, state, type]);
  const report = useStatement(family ?? 'balance8columns', query);

  if (!family) return <NotFound />;
  const title = t.types[type] as string;
  const data = report.data as unknown;
  const header = (data as BalanceReport | undefined)?.header;
  // Until the defaults give a period there is no statement to ask for: the spinner stays.
  const loading =
    societies.isPending ||
    (state.society !== '' && dates.isPending) ||
    (available.length > 0 && (query === null || report.isPending));
  const noData = !loading && (available.length === 0 || (report.isSuccess && !hasRows(type, data)));
  // Cash flow: the year shown (its start period's) and the month of the cell opened.
  const flowYear = state.start ? parsePeriodKey(state.start).year : 0;
  const detailQuery: Record<string, string | number> | null =
    target && query && type === 4
      ? {
          society: state.society,
          assignment: query.assignment,
          period: `${flowYear}-${String(target.month ?? 1).padStart(2, '0')}`,
          rule: state.rule,
          money_type: state.money,
          flujo: target.cod_cta,
        }
      : target && query
        ? {
            society: state.society,
            assignment: query.assignment,
            period: state.start,
            rule: state.rule,
            money_type: state.money,
            cod_cta: target.cod_cta,
            ...(type === 2 || type === 3 ? { parent1: target.parent1 ?? '' } : {}),
          }
        : null;
  const download = async (kind: 'pdf' | 'excel') => {
    if (!query) return;
    setDownloadError(null);
    try {
      await downloadStatement(
        family,
        kind,
        query,
        type,
        statementFileName(title, header?.society_business_name, state.start),
      );
    } catch (error) {
      setDownloadError(error);
    }
  };

  return (
    <Flex direction="column" gap="medium" padding="medium" className="accounting-view" data-testid="statement-view">
      <AdminBreadcrumb items={[{ label: s.breadcrumb }, { label: title }]} />
      <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
        <Heading level={2}>{title}</Heading>
        <Menu trigger={<Button size="small">{s.download}</Button>} isDisabled={!query || noData}>
          <MenuItem onClick={() => download('pdf')}>{s.pdf}</MenuItem>
          {hasExcel(family) ? <MenuItem onClick={() => download('excel')}>{s.excel}</MenuItem> : null}
        </Menu>
      </Flex>
      <StatementFilters
        type={type}
        state={state}
        onChange={update}
        societies={list}
        showSociety={!isSocietyUser || list.length > 1}
        dates={available}
      />
      {downloadError ? <ServerErrors error={downloadError} /> : null}
      <Card variation="outlined" minWidth="0" maxWidth="100%">
        {header ? (
          <Text fontSize="small" marginBottom="small" data-testid="statement-header">
            {header.society_business_name} · {header.money_symbol} · {t.rules[header.rule]}
            {header.exchange_rate ? ` · ${rateText(header.exchange_rate, s.exchangeRate)}` : ''}
            {header.compare_exchange_rate ? ` · ${rateText(header.compare_exchange_rate, s.compareExchangeRate)}` : ''}
          </Text>
        ) : null}
        {loading ? (
          <Flex justifyContent="center" padding="large">
            <Loader size="large" aria-label={s.loading} />
          </Flex>
        ) : report.isError ? (
          <ServerErrors error={report.error} />
        ) : !noData && !data ? (
          <Loader size="large" aria-label={s.loading} />
        ) : noData ? (
          <Alert variation="info" heading={s.noData} data-testid="statement-no-data">
            {s.noDataBody}
          </Alert>
        ) : type === 1 ? (
          <BalanceTable report={data as BalanceReport} onOpen={setTarget} />
        ) : type === 2 ? (
          <FinancialTable report={data as FinancialSituationReport} onOpen={setTarget} />
        ) : type === 3 ? (
          <ResultsTable report={data as StatusResultsReport} onOpen={setTarget} />
        ) : (
          <CashFlowTable report={data as CashFlowReport} onOpen={setTarget} />
        )}
      </Card>
      {hasDetail(family) ? (
        <DetailModal
          family={family}
          target={target}
          query={detailQuery}
          moneyType={state.money}
          title={
            type === 4 && target
              ? s.flowDetailTitle(target.nom_cta, `${t.months[(target.month ?? 1) - 1]} ${flowYear}`)
              : undefined
          }
          onClose={() => setTarget(null)}
        />
      ) : null}
    </Flex>
  );
}
