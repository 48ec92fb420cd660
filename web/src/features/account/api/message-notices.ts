import type { BodyInputOf } from '@shared/contracts/define';
import { putMessageNoticePreference, unsubscribeMessageNotices } from '@shared/contracts/messages';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** PUT api/v1/messages/notices/preference/: the caller's notices of new messages, on or off. */
export const putMessageNotices = (body: BodyInputOf<typeof putMessageNoticePreference>) =>
  api(putMessageNoticePreference, { body });
export const usePutMessageNotices = () => useMutation({ mutationFn: putMessageNotices });

/** POST api/v1/messages/notices/unsubscribe/: the notice mail's link, signed out. */
export const postMessageNoticesUnsubscribe = (body: BodyInputOf<typeof unsubscribeMessageNotices>) =>
  api(unsubscribeMessageNotices, { body });
/** A guest's write changes no cached read: nothing is invalidated. */
export const useMessageNoticesUnsubscribe = () =>
  useMutation({ mutationFn: postMessageNoticesUnsubscribe, meta: { invalidates: false } });
