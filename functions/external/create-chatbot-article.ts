import { createChatbotArticle } from '../../shared/contracts/chatbot';
import { httpHandler } from '../lib/http/http-handler';
import { createArticle } from './chatbot-articles';

/** POST api/v1/external/chatbot/articles/: a new article of a firm in scope, or (SUPER_ADMIN) a shared one. */
export const handler = httpHandler(createChatbotArticle, ({ caller, query, body }) =>
  createArticle(caller, query.project, body),
);
