import { type ArticleScope, articleVersions, readArticles } from '../data/chatbot-articles';
import { createRetriever, type Retriever } from './retrieve';

/**
 * The searchable articles of each list, kept by a warm function while the list's version stands: a question costs one
 * BatchGet of the lists' versions, and a list is read again only after it changed.
 */
const cache = new Map<ArticleScope, { version: number; retriever: Retriever }>();

export async function knowledgeOf(scopes: ArticleScope[]): Promise<Retriever[]> {
  const versions = await articleVersions(scopes);
  return Promise.all(
    scopes.map(async (scope) => {
      const version = versions.get(scope) ?? 0;
      const cached = cache.get(scope);
      if (cached?.version === version) return cached.retriever;
      const retriever = createRetriever(version === 0 ? [] : await readArticles(scope));
      cache.set(scope, { version, retriever });
      return retriever;
    }),
  );
}
