import { randomUUID } from 'node:crypto';
import { ARTICLE_LIMITS } from '../../shared/contracts/chatbot';
import type { Caller } from '../lib/auth/caller';
import {
  type ArticleRecord,
  type ArticleScope,
  deleteArticle,
  getArticle,
  putNewArticle,
  readArticles,
  replaceArticle,
  scopeOf,
} from '../lib/data/chatbot-articles';
import { getProject, getProjectByPortalUrl } from '../lib/data/projects';
import { nowIso } from '../lib/data/table';
import { forbidden, notFound } from '../lib/errors';
import { projectInScope, seesEverything } from '../lib/scope';

/**
 * Who keeps which chatbot articles: the SUPER_ADMIN the shared ones and every firm's; a PROJECT_ADMIN its firms' own,
 * and reads the shared ones. A firm out of scope answers 404, as if it did not exist.
 */
async function listScope(caller: Caller, project: string | undefined): Promise<ArticleScope> {
  if (!project) return scopeOf(null);
  if (!projectInScope(caller, project) || !(await getProject(project))) throw notFound();
  return scopeOf(project);
}

/** The list a change goes to: the shared one only for the SUPER_ADMIN. */
async function writableScope(caller: Caller, project: string | undefined): Promise<ArticleScope> {
  if (!project && !seesEverything(caller)) throw forbidden();
  return listScope(caller, project);
}

export async function listArticles(caller: Caller, project: string | undefined) {
  const scope = await listScope(caller, project);
  const results = (await readArticles(scope)).sort((a, b) => a.title.localeCompare(b.title, 'es'));
  return { results, editable: Boolean(project) || seesEverything(caller), limit: ARTICLE_LIMITS.perScope };
}

export async function createArticle(
  caller: Caller,
  project: string | undefined,
  fields: Pick<ArticleRecord, 'title' | 'body' | 'source'>,
): Promise<ArticleRecord> {
  await writableScope(caller, project);
  const article: ArticleRecord = { id: randomUUID(), project: project ?? null, ...fields, updated: nowIso() };
  await putNewArticle(article, ARTICLE_LIMITS.perScope);
  return article;
}

export async function changeArticle(
  caller: Caller,
  project: string | undefined,
  id: string,
  fields: Partial<Pick<ArticleRecord, 'title' | 'body' | 'source'>>,
): Promise<ArticleRecord> {
  const scope = await writableScope(caller, project);
  const article = await getArticle(scope, id);
  if (!article) throw notFound();
  const changed: ArticleRecord = { ...article, ...definedOnly(fields), updated: nowIso() };
  await replaceArticle(changed);
  return changed;
}

export async function removeArticle(caller: Caller, project: string | undefined, id: string) {
  await deleteArticle(await writableScope(caller, project), id);
  return { detail: 'ok' };
}

const definedOnly = <T extends object>(fields: T): Partial<T> =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;

/**
 * The lists a question searches: the shared articles and those of the firm the person asks from. The firm is the
 * portal the request came through when the caller belongs to it; on the portal's generic address, the caller's only
 * firm. A person two firms share, asking on the generic address, gets the shared articles only: one firm's articles
 * never answer on another's behalf.
 */
export async function knowledgeScopes(caller: Caller, origin: string): Promise<ArticleScope[]> {
  const portal = origin ? await getProjectByPortalUrl(origin) : undefined;
  const belongs = (uuid: string) => seesEverything(caller) || caller.user.project_uuids.includes(uuid);
  const firm =
    portal && belongs(portal.uuid)
      ? portal.uuid
      : caller.user.project_uuids.length === 1
        ? caller.user.project_uuids[0]
        : undefined;
  return firm ? [scopeOf(null), scopeOf(firm)] : [scopeOf(null)];
}
