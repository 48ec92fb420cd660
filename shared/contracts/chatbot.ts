import * as z from 'zod/mini';
import { defineContract } from './define';
import { okSchema, text, uuidSchema } from './fields';

const ALL = ['SUPER_ADMIN', 'PROJECT_ADMIN', 'GROUP_ADMIN', 'USER_GROUP', 'USER_SOCIETY'] as const;

const articleRef = z.object({ id: z.string(), title: z.string() });

/**
 * Never an answer without its source: `found` true carries the answer and the article it came from;
 * `found` false says the knowledge base has nothing on the question, with no answer at all.
 */
export const chatbotAnswerSchema = z.discriminatedUnion('found', [
  z.object({
    found: z.literal(true),
    answer: z.string(),
    /** The article the answer came from, and where that article's facts come from (its `source`). */
    source: z.extend(articleRef, { summary: z.string(), body: z.string(), source: z.string() }),
    related: z.array(articleRef),
    /** True when Amazon Bedrock phrased the answer from the retrieved articles; false for retrieval alone. */
    generated: z.boolean(),
  }),
  z.object({ found: z.literal(false) }),
]);

/** A question to the assistant. */
export const chatbotQuestionSchema = /* @__PURE__ */ (() => z.object({ question: text(500) }))();

export const askChatbot = defineContract({
  id: 'askChatbot',
  method: 'POST',
  path: 'api/v1/external/chatbot/ask/',
  access: ALL,
  handler: 'external/ask-chatbot',
  summary: 'Tax and accounting question: answered from the knowledge base, always with its source article',
  body: chatbotQuestionSchema,
  response: chatbotAnswerSchema,
});

/**
 * The knowledge base the chatbot answers from: articles shared by every firm (kept by the SUPER_ADMIN) and each firm's
 * own (kept by its PROJECT_ADMINs or the SUPER_ADMIN). A question on a firm's portal searches the shared articles and
 * that firm's. Beyond the spec (README's deviations): the spec's chatbot has a fixed knowledge base.
 */
export const ARTICLE_LIMITS = { title: 150, body: 4000, source: 300, perScope: 100 } as const;
const KEEPERS = ['SUPER_ADMIN', 'PROJECT_ADMIN'] as const;

export const chatbotArticleSchema = z.object({
  id: z.string(),
  /** The firm whose article it is; null for a shared article. */
  project: z.nullable(z.string()),
  title: z.string(),
  body: z.string(),
  source: z.string(),
  updated: z.string(),
});

/** Whose articles: a firm's (`project`) or, without it, the shared ones. */
const scopeQuery = z.object({ project: z.optional(uuidSchema) });
const articleFields = {
  title: text(ARTICLE_LIMITS.title),
  body: text(ARTICLE_LIMITS.body),
  source: text(ARTICLE_LIMITS.source),
};

/** An article written: its title, text and source. */
export const chatbotArticleBodySchema = /* @__PURE__ */ (() => z.object(articleFields))();

export const listChatbotArticles = defineContract({
  id: 'listChatbotArticles',
  method: 'GET',
  path: 'api/v1/external/chatbot/articles/',
  access: KEEPERS,
  statuses: [404],
  handler: 'external/list-chatbot-articles',
  summary: "A firm's chatbot articles, or the shared ones (a PROJECT_ADMIN reads those but does not change them)",
  query: scopeQuery,
  response: z.object({
    results: z.array(chatbotArticleSchema),
    /** Whether the caller may add, change and delete the articles of this list. */
    editable: z.boolean(),
    limit: z.number(),
  }),
});

export const createChatbotArticle = defineContract({
  id: 'createChatbotArticle',
  method: 'POST',
  path: 'api/v1/external/chatbot/articles/',
  access: KEEPERS,
  statuses: [404, 409],
  handler: 'external/create-chatbot-article',
  summary: 'A new chatbot article, of a firm in scope or (SUPER_ADMIN) shared; 409 ARTICLE_LIMIT past 100 per list',
  query: scopeQuery,
  body: chatbotArticleBodySchema,
  response: chatbotArticleSchema,
  successStatus: 201,
});

const articleParams = z.object({ uuid: uuidSchema });

export const patchChatbotArticle = defineContract({
  id: 'patchChatbotArticle',
  method: 'PATCH',
  path: 'api/v1/external/chatbot/articles/{uuid}/',
  access: KEEPERS,
  statuses: [404],
  handler: 'external/patch-chatbot-article',
  summary: "Change a chatbot article's title, text or source",
  params: articleParams,
  query: scopeQuery,
  body: z.object({
    title: z.optional(articleFields.title),
    body: z.optional(articleFields.body),
    source: z.optional(articleFields.source),
  }),
  response: chatbotArticleSchema,
});

export const deleteChatbotArticle = defineContract({
  id: 'deleteChatbotArticle',
  method: 'DELETE',
  path: 'api/v1/external/chatbot/articles/{uuid}/',
  access: KEEPERS,
  statuses: [404],
  handler: 'external/delete-chatbot-article',
  summary: 'Delete a chatbot article',
  params: articleParams,
  query: scopeQuery,
  response: okSchema,
});
