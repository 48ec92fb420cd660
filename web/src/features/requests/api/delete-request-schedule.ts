import { deleteRequestSchedule } from '@shared/contracts/requests';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** DELETE api/v1/requests/schedule/{uuid}/: the schedule stopped (requests already made stay). */
export const useDeleteRequestSchedule = () =>
  useMutation({ mutationFn: (uuid: string) => api(deleteRequestSchedule, { params: { uuid } }) });
