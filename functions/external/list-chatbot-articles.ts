import { listChatbotArticles } from '../../shared/contracts/chatbot';
import { httpHandler } from '../lib/http/http-handler';
import { listArticles } from './chatbot-articles';

/** GET api/v1/external/chatbot/articles/: a firm's chatbot articles in scope, or the shared ones. */
export const handler = httpHandler(listChatbotArticles, ({ caller, query }) => listArticles(caller, query.project));
