import type { BodyInputOf } from '@shared/contracts/define';
import { createRequestSchedule } from '@shared/contracts/requests';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST api/v1/requests/schedules/: a recurring template applied to a society, a group or the project. */
export const useCreateRequestSchedule = () =>
  useMutation({
    mutationFn: (body: BodyInputOf<typeof createRequestSchedule>) => api(createRequestSchedule, { body }),
  });
