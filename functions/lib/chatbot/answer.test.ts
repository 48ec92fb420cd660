import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { answerQuestion, SYSTEM_PROMPT } from './answer';
import { createRetriever, retrieve, summaryOf } from './retrieve';
import { starterArticles } from './starter-articles';

/** Bedrock has no local server: aws-sdk-client-mock stands in for it (brief: mocks only where nothing local exists). */
const bedrock = mockClient(BedrockRuntimeClient);

beforeEach(() => bedrock.reset());
afterEach(() => vi.unstubAllEnvs());

const F29_QUESTION = '¿Hasta cuándo puedo declarar el F29?';
const ARTICLES = starterArticles('2026-11-27T00:00:00.000Z');
const titled = (start: string) => ARTICLES.find((a) => a.title.startsWith(start))?.id;
const shared = createRetriever(ARTICLES);
/** A firm's own article, searched beside the shared ones. */
const firm = createRetriever([
  {
    id: 'f0000000-0000-4000-8000-000000000001',
    project: 'p',
    title: 'Horario de atención de la firma',
    body: 'Atendemos de lunes a viernes de 9:00 a 18:00 horas.\n\nEn diciembre cerramos el día 24 a las 13:00.',
    source: 'Firma',
    updated: '2026-11-27T00:00:00.000Z',
  },
]);
const KNOWLEDGE = [shared, firm];

test('retrieval finds the F29 article first for an F29 question, and nothing for an unrelated one', () => {
  expect(retrieve(F29_QUESTION, KNOWLEDGE)[0]?.article.id).toBe(titled('Formulario 29'));
  expect(retrieve('¿Cuánto se retiene en una boleta de honorarios?', KNOWLEDGE)[0]?.article.id).toBe(
    titled('Boletas de honorarios'),
  );
  expect(retrieve('¿Qué es la UF?', KNOWLEDGE)[0]?.article.id).toBe(titled('UF'));
  expect(retrieve('receta de empanadas de pino', KNOWLEDGE)).toEqual([]);
  expect(retrieve('hola', KNOWLEDGE)).toEqual([]);
});

test("a firm's own article answers beside the shared ones, and only where its list is searched", () => {
  expect(retrieve('¿Cuál es el horario de atención?', KNOWLEDGE)[0]?.article.title).toBe(
    'Horario de atención de la firma',
  );
  expect(retrieve('¿Cuál es el horario de atención?', [shared])[0]?.article.title).not.toBe(
    'Horario de atención de la firma',
  );
});

test("an article's summary is its first paragraph, cut at a sentence past 600 characters", () => {
  expect(summaryOf('Uno. Dos.\n\nTres.')).toBe('Uno. Dos.');
  const long = `${'Una oración de relleno. '.repeat(40)}Fin`;
  const summary = summaryOf(long);
  expect(summary.length).toBeLessThanOrEqual(600);
  expect(summary.endsWith('relleno.')).toBe(true);
});

test('without Bedrock the answer is the best article summary, with that article as its source', async () => {
  vi.stubEnv('BEDROCK_MODEL_ID', '');
  const answer = await answerQuestion(F29_QUESTION, KNOWLEDGE);
  const f29 = ARTICLES.find((a) => a.id === titled('Formulario 29'));
  expect(answer).toMatchObject({ found: true, generated: false, source: { id: f29?.id, source: f29?.source } });
  if (!answer.found) throw new Error('expected an answer');
  expect(answer.answer).toBe(summaryOf(f29?.body ?? ''));
  expect(answer.answer).toContain('día 12');
  expect(bedrock.calls()).toHaveLength(0);
});

test('with Bedrock the prompt carries the retrieved articles only, and the answer keeps its source', async () => {
  vi.stubEnv('BEDROCK_MODEL_ID', 'anthropic.claude-test');
  bedrock.on(ConverseCommand).resolves({
    output: { message: { role: 'assistant', content: [{ text: 'Hasta el día 12, o el 20 si facturas en línea.' }] } },
  });
  const retrieved = retrieve(F29_QUESTION, KNOWLEDGE).map((r) => r.article.id);
  const answer = await answerQuestion(F29_QUESTION, KNOWLEDGE);
  expect(answer).toMatchObject({ found: true, generated: true, source: { id: titled('Formulario 29') } });

  const calls = bedrock.commandCalls(ConverseCommand);
  expect(calls).toHaveLength(1);
  const input = calls[0]?.args[0].input;
  expect(input?.modelId).toBe('anthropic.claude-test');
  expect(input?.system).toEqual([{ text: SYSTEM_PROMPT }]);
  const prompt = input?.messages?.map((m) => m.content?.map((c) => c.text).join('')).join('\n') ?? '';
  expect(prompt).toContain(F29_QUESTION);
  const sent = [...prompt.matchAll(/<articulo id="([^"]+)"/g)].map((m) => m[1]);
  expect(sent).toEqual(retrieved);
  for (const article of ARTICLES) {
    if (retrieved.includes(article.id)) expect(prompt).toContain(article.body);
    else expect(prompt).not.toContain(summaryOf(article.body));
  }
});

test('a question with no match never reaches the model and answers found: false', async () => {
  vi.stubEnv('BEDROCK_MODEL_ID', 'anthropic.claude-test');
  expect(await answerQuestion('receta de empanadas de pino', KNOWLEDGE)).toEqual({ found: false });
  expect(bedrock.calls()).toHaveLength(0);
});

test('a Bedrock failure falls back to the retrieved article, still with its source', async () => {
  vi.stubEnv('BEDROCK_MODEL_ID', 'anthropic.claude-test');
  bedrock.on(ConverseCommand).rejects(new Error('ThrottlingException'));
  const answer = await answerQuestion(F29_QUESTION, KNOWLEDGE);
  expect(answer).toMatchObject({ found: true, generated: false, source: { id: titled('Formulario 29') } });
});
