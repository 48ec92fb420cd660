import { patchChatbotArticle } from '@shared/contracts/chatbot';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ArticleFields } from './create-article';

/** PATCH api/v1/external/chatbot/articles/{uuid}/: an article of the list shown. */
export const usePatchArticle = (project: string | undefined) =>
  useMutation({
    mutationFn: ({ uuid, ...body }: ArticleFields & { uuid: string }) =>
      api(patchChatbotArticle, { params: { uuid }, query: project ? { project } : {}, body }),
  });
