import { inject } from 'vitest';
import * as documents from '../../shared/contracts/documents';
import * as groups from '../../shared/contracts/groups';
import * as projects from '../../shared/contracts/projects';
import * as societies from '../../shared/contracts/societies';
import { call, signIn } from '../helpers/api';
import { createTestUser, tableAccess } from '../helpers/db';
import { unique } from '../helpers/fresh';
import { societyBody } from '../helpers/societies';

/**
 * A small hierarchy of its own for the document tests: project P with group G (society S, its user) and a
 * sibling group G2 (society S2), and another project Q (society SQ); an admin of each scope.
 */

export async function buildDocumentsWorld() {
  const root = await createTestUser('SUPER_ADMIN');
  const sa = (await signIn(root.email)).access;
  const industry = (await call(societies.listIndustries, { token: sa })).body[0]?.uuid as string;
  const ok = <T extends { status: number; body: unknown }>(what: string, r: T) => {
    if (r.status !== 201 && r.status !== 200) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body as T['body'] & { uuid: string };
  };
  const project = async (admin: string[]) =>
    ok(
      'project',
      await call(projects.createProject, {
        token: sa,
        body: {
          project_name: `Documentos ${unique()}`,
          client_name: 'Cliente SpA',
          associated_service_description: 'Contabilidad',
          service_description: 'Portal',
          admin,
        },
      }),
    ).uuid;
  const group = async (p: string, admin: string[]) =>
    ok(
      'group',
      await call(groups.createGroup, {
        token: sa,
        body: { group_name: `Grupo ${unique()}`, group_description: 'Documentos', project: p, admin, user: [] },
      }),
    ).uuid;
  const society = async (g: string, user: string[]) =>
    ok(
      'society',
      await call(societies.createSociety, {
        token: sa,
        body: societyBody(g, {
          society_business_name: `Sociedad Ñandú ${unique()} SpA`,
          company_code: 'DOC',
          industry_type: industry,
          society_email: 'contacto@documentos.cl',
          user,
        }),
      }),
    ).uuid;

  const paP = await createTestUser('PROJECT_ADMIN');
  const paQ = await createTestUser('PROJECT_ADMIN');
  const P = await project([paP.uuid]);
  const Q = await project([paQ.uuid]);
  const [gaG, gaG2, user, userNoDocs, userQ] = await Promise.all([
    createTestUser('GROUP_ADMIN', [P]),
    createTestUser('GROUP_ADMIN', [P]),
    createTestUser('USER_SOCIETY', [P]),
    createTestUser('USER_SOCIETY', [P]),
    createTestUser('USER_SOCIETY', [Q]),
  ]);
  const G = await group(P, [gaG.uuid]);
  const G2 = await group(P, [gaG2.uuid]);
  const GQ = await group(Q, []);
  const S = await society(G, [user.uuid, userNoDocs.uuid]);
  const S2 = await society(G2, []);
  const SQ = await society(GQ, [userQ.uuid]);

  // Profiles with `user_documentation` (portal §3) for their project, set on the records as an admin's edit would.
  const { dynamo, keys, lib, tableName } = await tableAccess();
  for (const [u, project] of [
    [user, P],
    [userQ, Q],
  ] as const) {
    await dynamo.send(
      new lib.UpdateCommand({
        TableName: tableName,
        Key: keys.user(u.uuid),
        UpdateExpression: 'SET documentation_projects = :p',
        ExpressionAttributeValues: { ':p': [project] },
      }),
    );
  }
  const tokens = {
    sa,
    paP: (await signIn(paP.email)).access,
    paQ: (await signIn(paQ.email)).access,
    gaG: (await signIn(gaG.email)).access,
    gaG2: (await signIn(gaG2.email)).access,
    user: (await signIn(user.email)).access,
    userNoDocs: (await signIn(userNoDocs.email)).access,
    userQ: (await signIn(userQ.email)).access,
  };
  return { P, Q, G, G2, GQ, S, S2, SQ, user, tokens };
}

/** A multipart upload of the small-file form; `type` is what the browser would declare. */
export async function uploadSmall(
  token: string,
  fields: Record<string, string>,
  name: string,
  data: Uint8Array<ArrayBuffer>,
  type = 'application/pdf',
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('file', new Blob([data], { type }), name);
  const response = await fetch(`${inject('portal').apiUrl}/api/v1/documents/document/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/**
 * A direct upload as the SPA makes it: the presigned POST (with the type the browser declares), the file straight to
 * the bucket, then the confirm call, whose answer is returned.
 */
export async function uploadDirect(
  token: string,
  place: { society: string; folder: string },
  name: string,
  data: Uint8Array<ArrayBuffer>,
  type: string,
) {
  const start = await call(documents.createDocumentUpload, {
    token,
    body: { ...place, file_name: name, file_size: data.length, content_type: type },
  });
  if (start.status !== 201) throw new Error(`upload-url: ${start.status} ${JSON.stringify(start.body)}`);
  const form = new FormData();
  for (const [k, v] of Object.entries(start.body.fields)) form.set(k, v);
  form.set('file', new Blob([data], { type }), name);
  const posted = await fetch(start.body.url, { method: 'POST', body: form });
  if (posted.status >= 300) throw new Error(`presigned POST: ${posted.status}`);
  return call(documents.confirmDocumentUpload, { token, params: { uuid: start.body.upload } });
}

/** A GET that does not follow redirects. */
export async function getManual(path: string, token?: string) {
  return fetch(`${inject('portal').apiUrl}/${path}`, {
    redirect: 'manual',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}
