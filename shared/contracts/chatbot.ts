import * as z from 'zod/mini';
import { defineContract } from './define';
import { text } from './fields';

const ALL = ['SUPER_ADMIN', 'PROJECT_ADMIN', 'GROUP_ADMIN', 'USER_GROUP', 'USER_SOCIETY'] as const;

const articleRef = z.object({ id: z.string(), title: z.string() });

/**
 * Never an answer without its source (issue 13): `found` true carries the answer and the article it came from;
 * `found` false says the knowledge base has nothing on the question, with no answer at all.
 */
export const chatbotAnswerSchema = z.discriminatedUnion('found', [
  z.object({
    found: z.literal(true),
    answer: z.string(),
    source: z.extend(articleRef, { summary: z.string(), body: z.string() }),
    related: z.array(articleRef),
    /** True when Amazon Bedrock phrased the answer from the retrieved articles; false for retrieval alone. */
    generated: z.boolean(),
  }),
  z.object({ found: z.literal(false) }),
]);

export const askChatbot = defineContract({
  id: 'askChatbot',
  method: 'POST',
  path: 'api/v1/external/chatbot/ask/',
  access: ALL,
  handler: 'external/ask-chatbot',
  summary: 'Tax and accounting question: answered from the knowledge base, always with its source article',
  body: z.object({ question: text(500) }),
  response: chatbotAnswerSchema,
});
