import { postThreadMessage } from '@shared/contracts/messages';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { uploadAttachments } from './upload-attachment';

export interface PostMessageInput {
  thread: string;
  society: string;
  body: string;
  files: readonly File[];
  /** Uploads of these files from an earlier try that failed after them. */
  uploaded: Map<File, string>;
  onProgress: (index: number, percent: number) => void;
}

/**
 * POST api/v1/messages/thread/{uuid}/: the message, after its files went straight to S3 (each with its progress); the
 * thread and the counts reload.
 */
export const usePostThreadMessage = () =>
  useMutation({
    mutationFn: async ({ thread, society, body, files, uploaded, onProgress }: PostMessageInput) => {
      const attachments = await uploadAttachments(society, files, uploaded, onProgress);
      return api(postThreadMessage, {
        params: { uuid: thread },
        body: attachments.length > 0 ? { body, attachments } : { body },
      });
    },
  });
