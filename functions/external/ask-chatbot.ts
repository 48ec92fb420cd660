import { askChatbot } from '../../shared/contracts/chatbot';
import { answerQuestion } from '../lib/chatbot/answer';
import { knowledgeOf } from '../lib/chatbot/knowledge';
import { portalOrigin } from '../lib/http/client-ip';
import { httpHandler } from '../lib/http/http-handler';
import { spendCallerQuota } from '../lib/usage-quotas';
import { knowledgeScopes } from './chatbot-articles';

/**
 * POST api/v1/external/chatbot/ask/: a tax or accounting question, answered from the shared articles and the firm's,
 * with the article it came from. Each question spends the caller's and its firms' chatbot quota (429 QUOTA_EXCEEDED).
 */
export const handler = httpHandler(askChatbot, async ({ caller, body, event }) => {
  await spendCallerQuota(caller, 'CHATBOT');
  return answerQuestion(body.question, await knowledgeOf(await knowledgeScopes(caller, portalOrigin(event))));
});
