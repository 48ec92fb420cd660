import { listReports } from '@shared/contracts/reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type QueryInputOf } from '@/lib/api-client';

export type ReportsQuery = QueryInputOf<typeof listReports>;

/** GET api/v1/modules/reports/report/: a page of the reports in scope (active or inactive). */
export const fetchReports = (query: ReportsQuery, signal?: AbortSignal) => api(listReports, { query, signal });

export const useReports = (query: ReportsQuery) =>
  useQuery({
    queryKey: [listReports.id, query],
    queryFn: ({ signal }) => fetchReports(query, signal),
    placeholderData: keepPreviousData,
  });
