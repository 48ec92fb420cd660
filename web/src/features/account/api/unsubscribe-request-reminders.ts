import type { BodyInputOf } from '@shared/contracts/define';
import { unsubscribeRequestReminders } from '@shared/contracts/requests';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST api/v1/requests/reminders/unsubscribe/: the reminder mail's link, signed out. */
export const postRequestRemindersUnsubscribe = (body: BodyInputOf<typeof unsubscribeRequestReminders>) =>
  api(unsubscribeRequestReminders, { body });
/** A guest's write changes no cached read: nothing is invalidated. */
export const useRequestRemindersUnsubscribe = () =>
  useMutation({ mutationFn: postRequestRemindersUnsubscribe, meta: { invalidates: false } });
