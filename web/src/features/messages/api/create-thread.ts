import { createThread } from '@shared/contracts/messages';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST api/v1/messages/society/{uuid}/threads/: a new thread with its first message; the lists reload. */
export const useCreateThread = () =>
  useMutation({
    mutationFn: ({ society, subject, body }: { society: string; subject: string; body: string }) =>
      api(createThread, { params: { uuid: society }, body: { subject, body } }),
  });
