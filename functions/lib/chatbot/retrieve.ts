import MiniSearch from 'minisearch';
import { ARTICLES, type Article } from './articles';

/**
 * Retrieval over the knowledge base (issue 13) with MiniSearch: accent- and case-free terms, Spanish stop words
 * dropped, a little fuzziness for typos ('boleta' finds 'boletas'), title and keywords weighted above the text.
 */
const STOP_WORDS = new Set(
  (
    'a al algo como con cual cuales cuando cuanto de del donde el ella ellos en es esta este esto hay la las le les lo ' +
    'los mas me mi mis muy no o para pero por que quien se si sin sobre su sus te tengo tiene tu tus un una uno unos ' +
    'y ya yo hasta puedo debo hago hacer saber quiero necesito dia'
  ).split(' '),
);

const normalize = (term: string) =>
  term
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

function processTerm(term: string): string | null {
  const value = normalize(term);
  return value.length < 2 || STOP_WORDS.has(value) ? null : value;
}

const index = new MiniSearch<Article>({
  fields: ['title', 'keywords', 'summary', 'body'],
  storeFields: ['id'],
  processTerm,
  searchOptions: { boost: { title: 3, keywords: 2, summary: 1.2 }, fuzzy: 0.2, prefix: true, combineWith: 'OR' },
});
index.addAll([...ARTICLES]);

/** Below this score a hit is noise (a fuzzy brush with one common word), not an answer. */
export const MIN_SCORE = 2;

export interface Retrieved {
  article: Article;
  score: number;
}

/** The articles that answer a question, best first (at most `limit`); none when nothing matches well enough. */
export function retrieve(question: string, limit = 3): Retrieved[] {
  const byId = new Map(ARTICLES.map((a) => [a.id, a]));
  return index
    .search(question)
    .filter((hit) => hit.score >= MIN_SCORE)
    .slice(0, limit)
    .flatMap((hit) => {
      const article = byId.get(String(hit.id));
      return article ? [{ article, score: hit.score }] : [];
    });
}
