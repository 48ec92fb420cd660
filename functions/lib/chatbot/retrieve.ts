import MiniSearch from 'minisearch';
import type { ArticleRecord } from '../data/chatbot-articles';

/**
 * Retrieval over a list of articles with MiniSearch: accent- and case-free terms, Spanish stop words dropped, a little
 * fuzziness for typos ('boleta' finds 'boletas'), the title weighted above the summary and the text.
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

/** An article as the chatbot answers with it: its first paragraph is the answer retrieval alone gives. */
export interface KnowledgeArticle extends ArticleRecord {
  summary: string;
}

const SUMMARY_MAX = 600;

export function summaryOf(body: string): string {
  const first =
    body
      .trim()
      .split(/\n\s*\n/)[0]
      ?.trim() ?? '';
  if (first.length <= SUMMARY_MAX) return first;
  const cut = first.slice(0, SUMMARY_MAX);
  const sentenceEnd = cut.lastIndexOf('. ');
  return sentenceEnd > 0 ? cut.slice(0, sentenceEnd + 1) : `${cut.trimEnd()}…`;
}

/** Below this score a hit is noise (a fuzzy brush with one common word), not an answer. */
export const MIN_SCORE = 2;

export interface Retrieved {
  article: KnowledgeArticle;
  score: number;
}

export type Retriever = (question: string) => Retrieved[];

/** A search over these articles: the hits that answer a question well enough, best first. */
export function createRetriever(records: ArticleRecord[]): Retriever {
  const articles = records.map((record) => ({ ...record, summary: summaryOf(record.body) }));
  const index = new MiniSearch<KnowledgeArticle>({
    fields: ['title', 'summary', 'body'],
    storeFields: ['id'],
    processTerm,
    searchOptions: { boost: { title: 3, summary: 1.2 }, fuzzy: 0.2, prefix: true, combineWith: 'OR' },
  });
  index.addAll(articles);
  const byId = new Map(articles.map((a) => [a.id, a]));
  return (question) =>
    index.search(question).flatMap((hit) => {
      const article = byId.get(String(hit.id));
      return article && hit.score >= MIN_SCORE ? [{ article, score: hit.score }] : [];
    });
}

/** The articles of several lists that answer a question, best first (at most `limit`). */
export function retrieve(question: string, retrievers: Retriever[], limit = 3): Retrieved[] {
  return retrievers
    .flatMap((search) => search(question))
    .sort((a, b) => b.score - a.score)
    .slice(0, limit);
}
