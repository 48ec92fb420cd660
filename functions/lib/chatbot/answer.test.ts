import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { answerQuestion, SYSTEM_PROMPT } from './answer';
import { ARTICLES } from './articles';
import { retrieve } from './retrieve';

/** Bedrock has no local server: aws-sdk-client-mock stands in for it (brief: mocks only where nothing local exists). */
const bedrock = mockClient(BedrockRuntimeClient);

beforeEach(() => bedrock.reset());
afterEach(() => vi.unstubAllEnvs());

const F29_QUESTION = '¿Hasta cuándo puedo declarar el F29?';

test('retrieval finds the F29 article first for an F29 question, and nothing for an unrelated one', () => {
  expect(retrieve(F29_QUESTION)[0]?.article.id).toBe('f29');
  expect(retrieve('¿Cuánto se retiene en una boleta de honorarios?')[0]?.article.id).toBe('boletas-honorarios');
  expect(retrieve('¿Qué es la UF?')[0]?.article.id).toBe('uf');
  expect(retrieve('receta de empanadas de pino')).toEqual([]);
  expect(retrieve('hola')).toEqual([]);
});

test('without Bedrock the answer is the best article summary, with that article as its source', async () => {
  vi.stubEnv('BEDROCK_MODEL_ID', '');
  const answer = await answerQuestion(F29_QUESTION);
  expect(answer).toMatchObject({ found: true, generated: false, source: { id: 'f29' } });
  if (!answer.found) throw new Error('expected an answer');
  expect(answer.answer).toBe(ARTICLES.find((a) => a.id === 'f29')?.summary);
  expect(bedrock.calls()).toHaveLength(0);
});

test('with Bedrock the prompt carries the retrieved articles only, and the answer keeps its source', async () => {
  vi.stubEnv('BEDROCK_MODEL_ID', 'anthropic.claude-test');
  bedrock.on(ConverseCommand).resolves({
    output: { message: { role: 'assistant', content: [{ text: 'Hasta el día 12, o el 20 si facturas en línea.' }] } },
  });
  const retrieved = retrieve(F29_QUESTION).map((r) => r.article.id);
  const answer = await answerQuestion(F29_QUESTION);
  expect(answer).toMatchObject({ found: true, generated: true, source: { id: 'f29' } });

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
    else expect(prompt).not.toContain(article.summary);
  }
});

test('a question with no match never reaches the model and answers found: false', async () => {
  vi.stubEnv('BEDROCK_MODEL_ID', 'anthropic.claude-test');
  expect(await answerQuestion('receta de empanadas de pino')).toEqual({ found: false });
  expect(bedrock.calls()).toHaveLength(0);
});

test('a Bedrock failure falls back to the retrieved article, still with its source', async () => {
  vi.stubEnv('BEDROCK_MODEL_ID', 'anthropic.claude-test');
  bedrock.on(ConverseCommand).rejects(new Error('ThrottlingException'));
  const answer = await answerQuestion(F29_QUESTION);
  expect(answer).toMatchObject({ found: true, generated: false, source: { id: 'f29' } });
});
