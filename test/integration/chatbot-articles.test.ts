import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import * as chatbot from '../../shared/contracts/chatbot';
import * as projects from '../../shared/contracts/projects';
import { call, signIn } from '../helpers/api';
import { createTestUser } from '../helpers/db';

/**
 * The chatbot's articles: the SUPER_ADMIN keeps the shared ones, each firm its own; a question searches the shared
 * ones and those of the firm it is asked from, never another firm's. Two firms of this file's own, each on its own
 * portal address, with an admin and a client each, and a client both firms share.
 */
interface Firm {
  project: string;
  portal: string;
  admin: string;
  client: string;
}
let superAdmin: string;
let a: Firm;
let b: Firm;
let sharedPerson: string;
const word = `zorzal${randomUUID().slice(0, 6)}`;

async function firm(): Promise<Firm> {
  const admin = await createTestUser('PROJECT_ADMIN');
  const portal = `https://${randomUUID().slice(0, 8)}.chatbot.example.cl`;
  const created = await call(projects.createProject, {
    token: superAdmin,
    body: {
      project_name: `Asistente ${randomUUID().slice(0, 8)}`,
      client_name: 'Cliente SpA',
      associated_service_description: 'Contabilidad',
      service_description: 'Portal',
      custom_portal_url: portal,
      admin: [admin.uuid],
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const project = created.body.uuid as string;
  const client = await createTestUser('USER_SOCIETY', [project]);
  return {
    project,
    portal,
    admin: (await signIn(admin.email)).access,
    client: (await signIn(client.email, undefined, { portal })).access,
  };
}

const article = (title: string) => ({
  title,
  body: `Nuestra firma recibe los documentos del ${word} hasta el día 5 de cada mes.\n\nDespués de esa fecha, avísanos.`,
  source: 'Política interna de la firma',
});

beforeAll(async () => {
  superAdmin = (await signIn('superadmin@demo.cl')).access;
  [a, b] = [await firm(), await firm()];
  const person = await createTestUser('USER_SOCIETY', [a.project, b.project]);
  sharedPerson = person.email;
});

describe('who keeps which articles', () => {
  test('the shared list: the starters; the SUPER_ADMIN may change it, a PROJECT_ADMIN only reads it', async () => {
    const asSuper = await call(chatbot.listChatbotArticles, { token: superAdmin });
    expect(asSuper.status).toBe(200);
    expect(asSuper.body.editable).toBe(true);
    expect(asSuper.body.results.map((x) => x.title)).toContain(
      'Formulario 29: declaración mensual de IVA y otros impuestos',
    );
    const asAdmin = await call(chatbot.listChatbotArticles, { token: a.admin });
    expect(asAdmin.body.editable).toBe(false);
    const refused = await call(chatbot.createChatbotArticle, { token: a.admin, body: article('Compartido no') });
    expect(refused.status).toBe(403);
    const after = await call(chatbot.listChatbotArticles, { token: superAdmin });
    expect(after.body.results.map((x) => x.title)).not.toContain('Compartido no');
  });

  test("a PROJECT_ADMIN keeps its firm's articles and reaches no other firm's", async () => {
    const made = await call(chatbot.createChatbotArticle, {
      token: a.admin,
      query: { project: a.project },
      body: article('Plazo de entrega de documentos'),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ project: a.project, source: 'Política interna de la firma' });
    const own = await call(chatbot.listChatbotArticles, { token: a.admin, query: { project: a.project } });
    expect(own.body).toMatchObject({ editable: true, limit: 100 });
    expect(own.body.results.map((x) => x.id)).toEqual([made.body.id]);

    // The other firm's admin: its project's list does not hold the article, and A's project is not in its scope.
    const id = made.body.id;
    const changes = { title: 'Cambiado por otra firma' };
    for (const answer of [
      await call(chatbot.listChatbotArticles, { token: b.admin, query: { project: a.project } }),
      await call(chatbot.createChatbotArticle, { token: b.admin, query: { project: a.project }, body: article('X') }),
      await call(chatbot.patchChatbotArticle, {
        token: b.admin,
        params: { uuid: id },
        query: { project: a.project },
        body: changes,
      }),
      await call(chatbot.patchChatbotArticle, {
        token: b.admin,
        params: { uuid: id },
        query: { project: b.project },
        body: changes,
      }),
      await call(chatbot.deleteChatbotArticle, { token: b.admin, params: { uuid: id }, query: { project: b.project } }),
      await call(chatbot.deleteChatbotArticle, { token: b.admin, params: { uuid: id }, query: { project: a.project } }),
      // Even the SUPER_ADMIN reaches an article only through its own list.
      await call(chatbot.deleteChatbotArticle, { token: superAdmin, params: { uuid: id } }),
    ]) {
      expect(answer.status).toBe(404);
    }
    for (const [token, portal] of [
      [a.client, a.portal],
      [(await signIn('grupo@demo.cl')).access, undefined],
    ] as const) {
      const answer = await call(chatbot.listChatbotArticles, { token, portal, query: { project: a.project } });
      expect(answer.status).toBe(403);
    }
    const still = await call(chatbot.listChatbotArticles, { token: a.admin, query: { project: a.project } });
    expect(still.body.results).toEqual([made.body]);
  });

  test('bad input: a clear 400 and nothing written', async () => {
    for (const body of [
      { ...article('Vacío'), title: '   ' },
      { ...article('Largo'), body: 'x'.repeat(4001) },
      { ...article('Sin fuente'), source: '' },
    ]) {
      const answer = await call(chatbot.createChatbotArticle, { token: b.admin, query: { project: b.project }, body });
      expect(answer.status).toBe(400);
    }
    expect(
      (await call(chatbot.createChatbotArticle, { token: b.admin, query: { project: 'nope' }, body: article('Y') }))
        .status,
    ).toBe(400);
    const list = await call(chatbot.listChatbotArticles, { token: b.admin, query: { project: b.project } });
    expect(list.body.results).toEqual([]);
  });
});

describe('a question searches the shared articles and the firm it is asked from', () => {
  const question = `¿Hasta qué día reciben los documentos del ${word}?`;
  const ask = (token: string, portal?: string) => call(chatbot.askChatbot, { token, portal, body: { question } });

  test("a firm's client finds its firm's article; the other firm's client does not; shared facts answer both", async () => {
    const own = await call(chatbot.listChatbotArticles, { token: a.admin, query: { project: a.project } });
    const id = own.body.results[0]?.id;
    const answer = await ask(a.client, a.portal);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ found: true, source: { id, source: 'Política interna de la firma' } });
    const other = await ask(b.client, b.portal);
    expect(other.body.found && other.body.source.id).not.toBe(id);
    for (const { client: token, portal } of [a, b]) {
      const f29 = await call(chatbot.askChatbot, {
        token,
        portal,
        body: { question: '¿Hasta cuándo puedo declarar el F29?' },
      });
      expect(f29.body).toMatchObject({ found: true, source: { title: expect.stringContaining('Formulario 29') } });
    }
  });

  test('a person both firms share gets a firm’s articles on its portal only, and the shared ones elsewhere', async () => {
    const id = (await call(chatbot.listChatbotArticles, { token: a.admin, query: { project: a.project } })).body
      .results[0]?.id;
    const onA = await ask((await signIn(sharedPerson, undefined, { portal: a.portal })).access, a.portal);
    expect(onA.body).toMatchObject({ found: true, source: { id } });
    const onB = await ask((await signIn(sharedPerson, undefined, { portal: b.portal })).access, b.portal);
    expect(onB.body.found && onB.body.source.id).not.toBe(id);
    const generic = await ask((await signIn(sharedPerson)).access);
    expect(generic.body.found && generic.body.source.id).not.toBe(id);
  });

  test('a change answers at once, a deleted article no longer answers', async () => {
    const id = (await call(chatbot.listChatbotArticles, { token: a.admin, query: { project: a.project } })).body
      .results[0]?.id as string;
    const changed = await call(chatbot.patchChatbotArticle, {
      token: a.admin,
      params: { uuid: id },
      query: { project: a.project },
      body: { body: `Recibimos los documentos del ${word} hasta el día 8 de cada mes.` },
    });
    expect(changed.status).toBe(200);
    const answer = await ask(a.client, a.portal);
    expect(answer.body).toMatchObject({ found: true, answer: expect.stringContaining('día 8') });
    const deleted = await call(chatbot.deleteChatbotArticle, {
      token: a.admin,
      params: { uuid: id },
      query: { project: a.project },
    });
    expect(deleted.status).toBe(200);
    const after = await ask(a.client, a.portal);
    expect(after.body.found && after.body.source.id).not.toBe(id);
  });
});

test('a list holds at most 100 articles: the 101st is 409 ARTICLE_LIMIT and the list stays at 100', async () => {
  const create = (title: string) =>
    call(chatbot.createChatbotArticle, { token: b.admin, query: { project: b.project }, body: article(title) });
  for (let start = 0; start < 100; start += 10) {
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => create(`Artículo ${start + i}`)));
    expect(answers.map((x) => x.status)).toEqual(Array(10).fill(201));
  }
  const over = await create('Uno más');
  expect(over.status).toBe(409);
  expect(over.body).toMatchObject({ code: 'ARTICLE_LIMIT' });
  const list = await call(chatbot.listChatbotArticles, { token: b.admin, query: { project: b.project } });
  expect(list.body.results).toHaveLength(100);
});
