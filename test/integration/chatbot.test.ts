import { beforeAll, expect, test } from 'vitest';
import { askChatbot } from '../../shared/contracts/chatbot';
import { call, signIn } from '../helpers/api';

/** The chatbot over HTTP: retrieval alone locally (no Bedrock model configured), always with its source. */
let token: string;
beforeAll(async () => {
  token = (await signIn('sociedad@demo.cl')).access;
});

test('an F29 question is answered from the F29 article, named as its source', async () => {
  const { status, body } = await call(askChatbot, {
    token,
    body: { question: '¿Hasta cuándo puedo declarar el F29?' },
  });
  expect(status, JSON.stringify(body)).toBe(200);
  if (!body.found) throw new Error('expected an answer');
  expect(body.source.title).toContain('Formulario 29');
  expect(body.source.source).toBe('Servicio de Impuestos Internos (sii.cl)');
  expect(body.answer).toContain('día 12');
  expect(body.generated).toBe(false);
});

test('a question the knowledge base does not cover says so, with no answer', async () => {
  const { status, body } = await call(askChatbot, { token, body: { question: 'receta de empanadas de pino' } });
  expect(status).toBe(200);
  expect(body).toEqual({ found: false });
});

test('an empty or overlong question is 400; a visitor is 401', async () => {
  expect((await call(askChatbot, { token, body: { question: '   ' } })).status).toBe(400);
  expect((await call(askChatbot, { token, body: { question: 'x'.repeat(501) } })).status).toBe(400);
  expect((await call(askChatbot, { body: { question: 'F29' } })).status).toBe(401);
});
