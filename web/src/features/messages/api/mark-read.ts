import { markThreadRead } from '@shared/contracts/messages';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST api/v1/messages/thread/{uuid}/read/: the thread read up to its last message; the unread counts reload. */
export const useMarkThreadRead = () =>
  useMutation({ mutationFn: (thread: string) => api(markThreadRead, { params: { uuid: thread } }) });
