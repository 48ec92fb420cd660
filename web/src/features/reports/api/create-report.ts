import { createReport } from '@shared/contracts/reports';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST api/v1/modules/reports/report/ (multipart with the image). */
export const postReport = (body: FormData) => api(createReport, { body });

export const useCreateReport = () => useMutation({ mutationFn: postReport });
