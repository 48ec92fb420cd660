import { getReportDashboard } from '@shared/contracts/reports';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { SelectionQuery } from './get-report';

/** GET api/v1/modules/reports/dashboard/{id}/: a built-in dashboard's data for the caller's selection. */
export const useReportDashboard = (id: string, selection: SelectionQuery) =>
  useQuery({
    queryKey: [getReportDashboard.id, id, selection],
    queryFn: ({ signal }) => api(getReportDashboard, { params: { id }, query: selection, signal }),
    retry: false,
  });
