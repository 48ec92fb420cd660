import { askChatbot } from '@shared/contracts/chatbot';
import type { ResponseOf } from '@shared/contracts/define';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type ChatbotAnswer = ResponseOf<typeof askChatbot>;

/** POST api/v1/external/chatbot/ask/. A question changes nothing: no cache invalidation after it. */
export const postQuestion = (question: string) => api(askChatbot, { body: { question } });

export const useAskChatbot = () => useMutation({ mutationFn: postQuestion, meta: { invalidates: false } });
