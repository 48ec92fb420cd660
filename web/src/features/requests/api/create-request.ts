import type { BodyInputOf } from '@shared/contracts/define';
import { createRequest } from '@shared/contracts/requests';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type NewRequest = BodyInputOf<typeof createRequest>;

/**
 * POST api/v1/requests/: one request per society of the target. The form's `batch` makes a second submit (a double
 * click, a retry after a lost answer) create nothing twice.
 */
export const useCreateRequest = () => useMutation({ mutationFn: (body: NewRequest) => api(createRequest, { body }) });
