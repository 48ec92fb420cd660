import { deleteRequestTemplate } from '@shared/contracts/requests';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** DELETE api/v1/requests/template/{uuid}/: the template gone and its schedules stopped (requests made stay). */
export const useDeleteRequestTemplate = () =>
  useMutation({ mutationFn: (uuid: string) => api(deleteRequestTemplate, { params: { uuid } }) });
