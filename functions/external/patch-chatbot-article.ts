import { patchChatbotArticle } from '../../shared/contracts/chatbot';
import { httpHandler } from '../lib/http/http-handler';
import { changeArticle } from './chatbot-articles';

/** PATCH api/v1/external/chatbot/articles/{uuid}/: a chatbot article's title, text or source. */
export const handler = httpHandler(patchChatbotArticle, ({ caller, params, query, body }) =>
  changeArticle(caller, query.project, params.uuid, body),
);
