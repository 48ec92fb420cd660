import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import { config } from '../config';
import { logger } from '../logger';
import { type KnowledgeArticle, type Retriever, retrieve } from './retrieve';

/**
 * The chatbot's answer. Retrieval picks the articles (the shared ones and the firm's); with a Bedrock model configured,
 * the model phrases the answer from those articles only (they are the whole context it gets); without one, or when
 * the model fails, the best article's summary is the answer. Either way the answer names its article and the article
 * its source; no match says so.
 */
let client: BedrockRuntimeClient | undefined;
const bedrock = () => {
  client ??= new BedrockRuntimeClient({});
  return client;
};

export type ChatbotAnswer =
  | {
      found: true;
      answer: string;
      source: Pick<KnowledgeArticle, 'id' | 'title' | 'summary' | 'body' | 'source'>;
      related: Array<Pick<KnowledgeArticle, 'id' | 'title'>>;
      generated: boolean;
    }
  | { found: false };

export const SYSTEM_PROMPT =
  'Eres el asistente tributario y contable de un portal de clientes de firmas contables chilenas. Responde en ' +
  'español, en dos a cuatro oraciones, usando solo la información de los artículos entregados. Si los artículos no ' +
  'responden la pregunta, dilo. No inventes cifras, tasas ni plazos que no estén en los artículos.';

/** The user turn sent to the model: the retrieved articles, then the question. */
export function promptFor(question: string, articles: KnowledgeArticle[]): string {
  const context = articles.map(
    (a) => `<articulo id="${a.id}" titulo="${a.title}" fuente="${a.source}">\n${a.body}\n</articulo>`,
  );
  return `Artículos:\n${context.join('\n')}\n\nPregunta: ${question}`;
}

async function phrase(modelId: string, question: string, articles: KnowledgeArticle[]): Promise<string | undefined> {
  const out = await bedrock().send(
    new ConverseCommand({
      modelId,
      system: [{ text: SYSTEM_PROMPT }],
      messages: [{ role: 'user', content: [{ text: promptFor(question, articles) }] }],
      inferenceConfig: { maxTokens: 400, temperature: 0.2 },
    }),
  );
  const text = out.output?.message?.content
    ?.map((block) => block.text ?? '')
    .join('')
    .trim();
  return text || undefined;
}

export async function answerQuestion(question: string, knowledge: Retriever[]): Promise<ChatbotAnswer> {
  const hits = retrieve(question, knowledge);
  const best = hits[0]?.article;
  if (!best) return { found: false };
  const articles = hits.map((h) => h.article);
  const source = { id: best.id, title: best.title, summary: best.summary, body: best.body, source: best.source };
  const related = articles.slice(1).map((a) => ({ id: a.id, title: a.title }));
  const modelId = config.bedrockModelId;
  if (modelId) {
    try {
      const answer = await phrase(modelId, question, articles);
      if (answer) return { found: true, answer, source, related, generated: true };
    } catch (error) {
      // The retrieved article still answers: a model outage degrades the wording, not the answer.
      logger.warn('chatbot.bedrock_failed', { error: (error as Error).name });
    }
  }
  return { found: true, answer: best.summary, source, related, generated: false };
}
