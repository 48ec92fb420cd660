import type { BodyInputOf } from '@shared/contracts/define';
import { postContactEmail } from '@shared/contracts/external';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST api/v1/external/contact/email/ (public). Nothing cached changes with it. */
export const postContact = (body: BodyInputOf<typeof postContactEmail>) => api(postContactEmail, { body });

export const useSendContact = () => useMutation({ mutationFn: postContact, meta: { invalidates: false } });
