import { askChatbot } from '../../shared/contracts/chatbot';
import { answerQuestion } from '../lib/chatbot/answer';
import { httpHandler } from '../lib/http/http-handler';
import { spendCallerQuota } from '../lib/usage-quotas';

/**
 * POST api/v1/external/chatbot/ask/: a tax or accounting question, answered with the article it came from. Each
 * question spends the caller's and its firms' chatbot quota (429 QUOTA_EXCEEDED when spent).
 */
export const handler = httpHandler(askChatbot, async ({ caller, body }) => {
  await spendCallerQuota(caller, 'CHATBOT');
  return answerQuestion(body.question);
});
