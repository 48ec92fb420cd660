import { deleteChatbotArticle } from '../../shared/contracts/chatbot';
import { httpHandler } from '../lib/http/http-handler';
import { removeArticle } from './chatbot-articles';

/** DELETE api/v1/external/chatbot/articles/{uuid}/: removes a chatbot article. */
export const handler = httpHandler(deleteChatbotArticle, ({ caller, params, query }) =>
  removeArticle(caller, query.project, params.uuid),
);
