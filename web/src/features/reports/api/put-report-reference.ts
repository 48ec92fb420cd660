import type { BodyInputOf } from '@shared/contracts/define';
import { listReportAudience, putReportReference } from '@shared/contracts/reports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST api/v1/modules/reportUsuario/report-usuario/: hide one report from one user (cant_see), or show it again. */
export const setReportReference = (body: BodyInputOf<typeof putReportReference>) => api(putReportReference, { body });

export function useSetReportReference() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setReportReference,
    onSuccess: () => client.invalidateQueries({ queryKey: [listReportAudience.id] }),
  });
}
