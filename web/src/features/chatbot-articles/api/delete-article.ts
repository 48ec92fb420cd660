import { deleteChatbotArticle } from '@shared/contracts/chatbot';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** DELETE api/v1/external/chatbot/articles/{uuid}/: an article of the list shown. */
export const useDeleteArticle = (project: string | undefined) =>
  useMutation({
    mutationFn: (uuid: string) => api(deleteChatbotArticle, { params: { uuid }, query: project ? { project } : {} }),
  });
