import { askChatbot } from '../../shared/contracts/chatbot';
import { answerQuestion } from '../lib/chatbot/answer';
import { httpHandler } from '../lib/http/http-handler';

/** POST api/v1/external/chatbot/ask/: a tax or accounting question, answered with the article it came from. */
export const handler = httpHandler(askChatbot, ({ body }) => answerQuestion(body.question));
