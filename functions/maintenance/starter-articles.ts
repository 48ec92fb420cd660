import { ARTICLE_LIMITS } from '../../shared/contracts/chatbot';
import { starterArticles } from '../lib/chatbot/starter-articles';
import { getArticle, putNewArticle } from '../lib/data/chatbot-articles';
import { nowIso } from '../lib/data/table';

/**
 * Writes the shared chatbot articles a new portal starts with, those missing. One the SUPER_ADMIN changed stays as
 * changed, but one deleted would come back: so it runs once on a new table (`npm start`'s seed, a deployment's first
 * run: local/write-starter-articles.ts), not at every deploy.
 */
export async function writeStarterArticles(): Promise<number> {
  let written = 0;
  for (const article of starterArticles(nowIso())) {
    if (await getArticle('SHARED', article.id)) continue;
    await putNewArticle(article, ARTICLE_LIMITS.perScope);
    written += 1;
  }
  return written;
}
