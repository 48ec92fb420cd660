import { listChatbotArticles } from '@shared/contracts/chatbot';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET api/v1/external/chatbot/articles/: a firm's articles (`project`), or the shared ones without it. */
export const useArticles = (project: string | undefined) =>
  useQuery({
    queryKey: [listChatbotArticles.id, project ?? 'shared'],
    queryFn: ({ signal }) => api(listChatbotArticles, { query: project ? { project } : {}, signal }),
  });
