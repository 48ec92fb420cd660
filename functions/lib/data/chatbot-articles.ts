import { dynamo } from '../aws/dynamo';
import { GetCommand, QueryCommand } from '../aws/dynamo-commands';
import { config } from '../config';
import { ApiError, notFound } from '../errors';
import { batchGet } from './list-index';
import { recordOf } from './table';
import { transactWrite } from './transact';

/**
 * The chatbot's articles: one partition per list, the shared one (`CHATBOT#SHARED`) and each firm's
 * (`CHATBOT#<project>`), holding its articles (`ARTICLE#<uuid>`) and one `META` item: how many articles the list holds
 * (its cap rides the write's transaction) and a version every change bumps, so a warm function re-reads a list only
 * after it changed.
 */
export type ArticleScope = 'SHARED' | string;

export interface ArticleRecord {
  id: string;
  project: string | null;
  title: string;
  body: string;
  source: string;
  updated: string;
}

const partition = (scope: ArticleScope) => `CHATBOT#${scope}`;
const articleKey = (scope: ArticleScope, id: string) => ({ pk: partition(scope), sk: `ARTICLE#${id}` });
const metaKey = (scope: ArticleScope) => ({ pk: partition(scope), sk: 'META' });
export const scopeOf = (project: string | null): ArticleScope => project ?? 'SHARED';

/** A list's articles, oldest id first: at most the cap (100 of at most ~5 KB), so one Query under 1 MB. */
export async function readArticles(scope: ArticleScope): Promise<ArticleRecord[]> {
  const { Items = [] } = await dynamo.send(
    new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :first AND :last',
      ExpressionAttributeValues: { ':pk': partition(scope), ':first': 'ARTICLE#', ':last': 'ARTICLE#\u{10ffff}' },
    }),
  );
  return Items.map((item) => recordOf<ArticleRecord>(item) as ArticleRecord);
}

export async function getArticle(scope: ArticleScope, id: string): Promise<ArticleRecord | undefined> {
  const { Item } = await dynamo.send(new GetCommand({ TableName: config.tableName, Key: articleKey(scope, id) }));
  return recordOf<ArticleRecord>(Item);
}

/** The version of each list (0 for a list never written), in one BatchGet. */
export async function articleVersions(scopes: ArticleScope[]): Promise<Map<ArticleScope, number>> {
  const found = await batchGet(scopes.map(metaKey));
  return new Map(scopes.map((scope) => [scope, Number(found.get(`${partition(scope)}|META`)?.n ?? 0)]));
}

/** Bumps the list's version and moves its count by `delta`; a new article is refused past the cap. */
function metaUpdate(scope: ArticleScope, delta: -1 | 0 | 1, cap: number) {
  return {
    write: {
      Update: {
        TableName: config.tableName,
        Key: metaKey(scope),
        UpdateExpression: 'ADD n :one, #count :delta',
        ...(delta > 0 ? { ConditionExpression: 'attribute_not_exists(#count) OR #count < :cap' } : {}),
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':one': 1, ':delta': delta, ...(delta > 0 ? { ':cap': cap } : {}) },
      },
    },
    onConditionFail: () => new ApiError(409, 'ARTICLE_LIMIT'),
  };
}

/** A new article, counted against its list's cap in the same transaction. */
export async function putNewArticle(article: ArticleRecord, cap: number): Promise<void> {
  const scope = scopeOf(article.project);
  await transactWrite([
    {
      write: {
        Put: {
          TableName: config.tableName,
          Item: { ...articleKey(scope, article.id), ...article },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    },
    metaUpdate(scope, 1, cap),
  ]);
}

/** Rewrites an article that still exists (a delete in between answers 404). */
export async function replaceArticle(article: ArticleRecord): Promise<void> {
  const scope = scopeOf(article.project);
  await transactWrite([
    {
      write: {
        Put: {
          TableName: config.tableName,
          Item: { ...articleKey(scope, article.id), ...article },
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
      onConditionFail: notFound,
    },
    metaUpdate(scope, 0, 0),
  ]);
}

export async function deleteArticle(scope: ArticleScope, id: string): Promise<void> {
  await transactWrite([
    {
      write: {
        Delete: {
          TableName: config.tableName,
          Key: articleKey(scope, id),
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
      onConditionFail: notFound,
    },
    metaUpdate(scope, -1, 0),
  ]);
}
