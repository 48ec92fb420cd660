import { createThread } from '@shared/contracts/messages';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { uploadAttachments } from './upload-attachment';

export interface CreateThreadInput {
  society: string;
  subject: string;
  body: string;
  files: readonly File[];
  /** Uploads of these files from an earlier try that failed after them. */
  uploaded: Map<File, string>;
  onProgress: (index: number, percent: number) => void;
  /** The request item the thread is about (the request's page links here with it). */
  requestItem?: { request: string; item: string };
}

/**
 * POST api/v1/messages/society/{uuid}/threads/: a new thread with its first message, after its files went straight to
 * S3 (each with its progress); the lists reload.
 */
export const useCreateThread = () =>
  useMutation({
    mutationFn: async ({ society, subject, body, files, uploaded, onProgress, requestItem }: CreateThreadInput) => {
      const attachments = await uploadAttachments(society, files, uploaded, onProgress);
      return api(createThread, {
        params: { uuid: society },
        body: {
          subject,
          body,
          ...(attachments.length > 0 && { attachments }),
          ...(requestItem && { request_item: requestItem }),
        },
      });
    },
  });
