import type { BodyInputOf } from '@shared/contracts/define';
import { patchReport } from '@shared/contracts/reports';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** PATCH api/v1/modules/reports/report/{uuid}/ (the wizard's multipart edit, and the list's enable toggle). */
export const updateReport = ({ uuid, body }: { uuid: string; body: BodyInputOf<typeof patchReport> | FormData }) =>
  api(patchReport, { params: { uuid }, body });

export const useUpdateReport = () => useMutation({ mutationFn: updateReport });
