import {
  balance8columnsAvailableDates,
  balance8columnsDetail,
  balance8columnsReport,
  cashflowAvailableDates,
  cashflowDetail,
  cashflowReport,
  financialSituationAvailableDates,
  financialSituationDetail,
  financialSituationReport,
  type StatementFamily,
  statusResultsAvailableDates,
  statusResultsDetail,
  statusResultsReport,
} from '@shared/contracts/accounting';
import type { Contract } from '@shared/contracts/define';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET api/v1/accounting/{family}/{available-dates|report|detail}/: one hook per operation, the family
 * choosing the contract. Queries are plain records of the spec's parameters.
 */
type Query = Record<string, string | number>;

const DATES: Record<StatementFamily, Contract> = {
  balance8columns: balance8columnsAvailableDates,
  'financial-situation': financialSituationAvailableDates,
  'status-results': statusResultsAvailableDates,
  cashflow: cashflowAvailableDates,
};
const REPORTS = {
  balance8columns: balance8columnsReport,
  'financial-situation': financialSituationReport,
  'status-results': statusResultsReport,
  cashflow: cashflowReport,
} as const;
const DETAILS: Partial<Record<StatementFamily, Contract>> = {
  balance8columns: balance8columnsDetail,
  'financial-situation': financialSituationDetail,
  'status-results': statusResultsDetail,
  cashflow: cashflowDetail,
};

export interface AvailableDate {
  year: number;
  month: number;
}

export const useAvailableDates = (family: StatementFamily, query: Query | null) =>
  useQuery({
    queryKey: [DATES[family].id, query],
    queryFn: ({ signal }) =>
      api(DATES[family], { query: query as never, signal }) as Promise<{ dates: AvailableDate[] }>,
    enabled: query !== null,
  });

export type ReportOf<F extends StatementFamily> = Awaited<ReturnType<typeof fetchReport<F>>>;

function fetchReport<F extends StatementFamily>(family: F, query: Query, signal?: AbortSignal) {
  return api(REPORTS[family] as (typeof REPORTS)[F], { query: query as never, signal });
}

export const useStatement = <F extends StatementFamily>(family: F, query: Query | null) =>
  useQuery({
    queryKey: [REPORTS[family].id, query],
    queryFn: ({ signal }) => fetchReport(family, query as Query, signal),
    enabled: query !== null,
    // While another period loads the last one stays on screen, but only a statement of the same family: another
    // family's rows have another shape.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[0] === REPORTS[family].id ? previous : undefined,
  });

export interface DetailLine {
  nro_trans: string;
  fecha_reporte: string;
  com_mov: string;
  fec_doc: string;
  imp_mov_mn_sg: number;
  /** Cash flow: the account of the line the cash fell on. */
  cod_cta?: string;
  nom_cta?: string;
}

export const hasDetail = (family: StatementFamily) => DETAILS[family] !== undefined;

export const useStatementDetail = (family: StatementFamily, query: Query | null) =>
  useQuery({
    queryKey: [DETAILS[family]?.id, query],
    queryFn: ({ signal }) =>
      api(DETAILS[family] as Contract, { query: query as never, signal }) as Promise<{
        cod_cta: string;
        nom_cta: string;
        lines: DetailLine[];
        footer: { total: number };
      }>,
    enabled: query !== null && hasDetail(family),
  });
