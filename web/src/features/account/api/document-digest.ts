import type { BodyInputOf } from '@shared/contracts/define';
import { patchDocumentDigest, unsubscribeDocumentDigest } from '@shared/contracts/users';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** PATCH api/v1/users/user-profile/document-digest/: the caller's daily mail of new documents, on or off. */
export const setDocumentDigest = (body: BodyInputOf<typeof patchDocumentDigest>) => api(patchDocumentDigest, { body });
export const useSetDocumentDigest = () => useMutation({ mutationFn: setDocumentDigest });

/** POST api/v1/users/document-digest/unsubscribe/: the mail's link, signed out. */
export const postDigestUnsubscribe = (body: BodyInputOf<typeof unsubscribeDocumentDigest>) =>
  api(unsubscribeDocumentDigest, { body });
/** A guest's write changes no cached read: nothing is invalidated. */
export const useDigestUnsubscribe = () =>
  useMutation({ mutationFn: postDigestUnsubscribe, meta: { invalidates: false } });
