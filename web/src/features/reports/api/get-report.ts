import { getReport } from '@shared/contracts/reports';
import { useQuery } from '@tanstack/react-query';
import { api, type QueryInputOf } from '@/lib/api-client';

export type SelectionQuery = QueryInputOf<typeof getReport>;

/**
 * GET api/v1/modules/reports/get-report/{id}/: the report and a fresh embedding for the caller (QuickSight URLs are
 * single-use: never cached, asked again each time the viewer mounts).
 */
export const useViewedReport = (id: string, selection: SelectionQuery) =>
  useQuery({
    queryKey: [getReport.id, id, selection],
    queryFn: ({ signal }) => api(getReport, { params: { id }, query: selection, signal }),
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
