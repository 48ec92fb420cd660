import { deleteReport } from '@shared/contracts/reports';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** DELETE api/v1/modules/reports/report/{uuid}/. */
export const removeReport = (uuid: string) => api(deleteReport, { params: { uuid } });

export const useDeleteReport = () => useMutation({ mutationFn: removeReport });
