import { getReportAdmin } from '@shared/contracts/reports';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET api/v1/modules/reports/report/{uuid}/: one report for its form and detail. */
export const fetchReportAdmin = (uuid: string, signal?: AbortSignal) =>
  api(getReportAdmin, { params: { uuid }, signal });

export const useReportAdmin = (uuid: string) =>
  useQuery({ queryKey: [getReportAdmin.id, uuid], queryFn: ({ signal }) => fetchReportAdmin(uuid, signal) });
