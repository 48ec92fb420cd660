import { createChatbotArticle } from '@shared/contracts/chatbot';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ArticleFields {
  title: string;
  body: string;
  source: string;
}

/** POST api/v1/external/chatbot/articles/: a new article in a firm's list, or (SUPER_ADMIN) the shared one. */
export const useCreateArticle = (project: string | undefined) =>
  useMutation({
    mutationFn: (body: ArticleFields) => api(createChatbotArticle, { query: project ? { project } : {}, body }),
  });
