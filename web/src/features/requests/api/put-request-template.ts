import type { BodyInputOf } from '@shared/contracts/define';
import { putRequestTemplate } from '@shared/contracts/requests';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** PUT api/v1/requests/template/{uuid}/: the template replaced (requests already made keep their items). */
export const usePutRequestTemplate = () =>
  useMutation({
    mutationFn: ({ uuid, ...body }: BodyInputOf<typeof putRequestTemplate> & { uuid: string }) =>
      api(putRequestTemplate, { params: { uuid }, body }),
  });
