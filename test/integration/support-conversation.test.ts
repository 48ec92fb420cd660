import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, inject, test } from 'vitest';
import * as external from '../../shared/contracts/external';
import * as projects from '../../shared/contracts/projects';
import { call, signIn } from '../helpers/api';
import { createTestUser, itemExists } from '../helpers/db';
import { unique } from '../helpers/fresh';
import { bodyOf, waitForMailWhere } from '../helpers/mail';

/**
 * Support tickets as conversations: a number per project given with the ticket, statuses open / answered
 * (waiting for the client) / closed, messages from the sender and from the admins in scope, each mailed to the other
 * side, and attachments uploaded by presigned POST, attached only once there, read only by who may read the ticket.
 */
const PDF = new TextEncoder().encode('%PDF-1.4\n% ticket\n%%EOF\n');

interface Person {
  uuid: string;
  email: string;
  token: string;
}
let contact: string;
let firm: string;
let client: Person;
let otherClient: Person;
let projectAdmin: Person;
let foreignAdmin: Person;
let groupAdmin: Person;
let superAdmin: string;

async function person(role: Parameters<typeof createTestUser>[0], projectUuids: string[]): Promise<Person> {
  const user = await createTestUser(role, projectUuids);
  return { ...user, token: (await signIn(user.email)).access };
}

beforeAll(async () => {
  superAdmin = (await signIn('superadmin@demo.cl')).access;
  contact = `mesa-${unique()}@prueba.cl`;
  const created = await call(projects.createProject, {
    token: superAdmin,
    body: {
      project_name: `Tickets ${unique()}`,
      client_name: 'Cliente SpA',
      associated_service_description: 'Contabilidad',
      service_description: 'Portal',
      contact_email: contact,
      admin: [],
    },
  });
  expect(created.status).toBe(201);
  firm = created.body.uuid;
  const { pacifico } = inject('portal').demo.projects;
  [projectAdmin, foreignAdmin, groupAdmin] = await Promise.all([
    person('PROJECT_ADMIN', [firm]),
    person('PROJECT_ADMIN', [pacifico]),
    person('GROUP_ADMIN', [firm]),
  ]);
}, 60_000);

// Clients of their own in each test: a user may open 5 tickets an hour.
beforeEach(async () => {
  [client, otherClient] = await Promise.all([person('USER_SOCIETY', [firm]), person('USER_SOCIETY', [firm])]);
});

async function openTicket(who: Person, attachments: string[] = [], subject = `Consulta ${unique()}`) {
  const answer = await call(external.postSupportTicket, {
    token: who.token,
    body: { subject, description: 'No puedo ver mi balance de octubre.', attachments },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

/** Starts an attachment upload and, unless told not to, sends the file to the presigned form. */
async function attachment(who: Person, name = 'factura.pdf', data: Uint8Array<ArrayBuffer> = PDF, upload = true) {
  const start = await call(external.createTicketAttachmentUpload, {
    token: who.token,
    body: { file_name: name, file_size: data.length, content_type: 'application/pdf' },
  });
  expect(start.status, JSON.stringify(start.body)).toBe(201);
  if (upload) {
    const form = new FormData();
    for (const [k, v] of Object.entries(start.body.fields)) form.set(k, v);
    form.set('file', new Blob([data], { type: 'application/pdf' }), name);
    const posted = await fetch(start.body.url, { method: 'POST', body: form });
    expect(posted.status).toBeLessThan(300);
  }
  return start.body.upload;
}

const detail = (token: string, uuid: string) => call(external.getSupportTicket, { token, params: { uuid } });
const reply = (token: string, uuid: string, description: string, attachments: string[] = []) =>
  call(external.postSupportTicketMessage, { token, params: { uuid }, body: { description, attachments } });

describe('numbers', () => {
  test("a project's tickets are numbered 1, 2, 3… in the order they are stored, also when sent at once", async () => {
    const first = await openTicket(client);
    expect(first.number).toBe(1);
    const more = await Promise.all([openTicket(client), openTicket(otherClient), openTicket(otherClient)]);
    expect(more.map((t) => t.number).sort()).toEqual([2, 3, 4]);
    // Another project counts on its own: the demo firm's numbers are not this one's.
    const { andes } = inject('portal').demo.projects;
    const demo = await call(external.postSupportTicket, {
      token: (await person('USER_SOCIETY', [andes])).token,
      body: { subject: `Otra firma ${unique()}`, description: 'Consulta de otra firma.' },
    });
    expect(demo.status).toBe(201);
    expect(demo.body.number).toEqual(expect.any(Number));
    // The number is searchable in the firm's list.
    const found = await call(external.listSupportTickets, { token: projectAdmin.token, query: { search: '#3' } });
    expect(found.body.results.map((t) => t.number)).toEqual([3]);
  });
});

describe('the conversation', () => {
  test('the firm answers (ANSWERED, mailed to the client in its branding), the client answers back (OPEN, mailed to the firm)', async () => {
    const ticket = await openTicket(client);
    expect(ticket).toMatchObject({ status: 'OPEN', updated: ticket.created });
    const asAdmin = await detail(projectAdmin.token, ticket.uuid);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.messages.map((m) => [m.side, m.description])).toEqual([
      ['CLIENT', 'No puedo ver mi balance de octubre.'],
    ]);

    const answer = await reply(projectAdmin.token, ticket.uuid, 'Ya está cargado.\n\nRevisa el menú Contabilidad.');
    expect(answer.status).toBe(201);
    expect(answer.body.status).toBe('ANSWERED');
    expect(answer.body.messages.map((m) => m.side)).toEqual(['CLIENT', 'FIRM']);
    const toClient = await waitForMailWhere(client.email, (m) => m.subject.includes(`#${ticket.number}`));
    expect(toClient.subject).toBe(`Respuesta a tu ticket #${ticket.number}: ${ticket.subject}`);
    expect(bodyOf(toClient)).toContain('Revisa el menú Contabilidad.');
    expect(bodyOf(toClient)).toContain(`/support/tickets/${ticket.uuid}`);
    expect(bodyOf(toClient)).toContain('las respuestas a este correo no llegan');

    const mine = await detail(client.token, ticket.uuid);
    expect(mine.body.status).toBe('ANSWERED');
    expect(mine.body.messages.map((m) => m.description)).toEqual([
      'No puedo ver mi balance de octubre.',
      'Ya está cargado.\n\nRevisa el menú Contabilidad.',
    ]);

    const back = await reply(client.token, ticket.uuid, 'Gracias, ya lo veo.');
    expect(back.body.status).toBe('OPEN');
    const toFirm = await waitForMailWhere(contact, (m) =>
      m.subject.startsWith(`Nuevo mensaje en el ticket #${ticket.number}`),
    );
    expect(bodyOf(toFirm)).toContain('Gracias, ya lo veo.');
    expect(bodyOf(toFirm)).toContain(client.email);

    // The firm closes it; a client's message opens it again.
    expect(
      (
        await call(external.patchSupportTicket, {
          token: projectAdmin.token,
          params: { uuid: ticket.uuid },
          body: { status: 'CLOSED' },
        })
      ).body.status,
    ).toBe('CLOSED');
    const reopened = await reply(client.token, ticket.uuid, 'Una duda más.');
    expect(reopened.body).toMatchObject({ status: 'OPEN', closed: null });
    expect(reopened.body.messages).toHaveLength(4);
  });

  test("'Mis tickets' lists the caller's own tickets only, latest activity first, by status", async () => {
    const older = await openTicket(client);
    const newer = await openTicket(client);
    const foreign = await openTicket(otherClient);
    await reply(projectAdmin.token, older.uuid, 'Respondido.');
    const all = await call(external.listMySupportTickets, { token: client.token, query: { limit: 100 } });
    expect(all.status).toBe(200);
    const ids = all.body.results.map((t) => t.uuid);
    expect(ids.slice(0, 2)).toEqual([older.uuid, newer.uuid]);
    expect(ids).not.toContain(foreign.uuid);
    expect(all.body.results.every((t) => t.user.uuid === client.uuid)).toBe(true);
    const answered = await call(external.listMySupportTickets, {
      token: client.token,
      query: { status: 'ANSWERED', limit: 100 },
    });
    expect(answered.body.results.map((t) => t.uuid)).toContain(older.uuid);
    expect(answered.body.results.map((t) => t.uuid)).not.toContain(newer.uuid);
  });
});

describe('who may read and write a ticket', () => {
  test('another client, another firm’s admin and a group admin get 404 on every ticket endpoint and change nothing', async () => {
    const upload = await attachment(client);
    const ticket = await openTicket(client, [upload]);
    const file = (await detail(client.token, ticket.uuid)).body.messages[0]?.attachments[0]?.uuid as string;
    expect(file).toBe(upload);
    for (const stranger of [otherClient, foreignAdmin, groupAdmin]) {
      expect((await detail(stranger.token, ticket.uuid)).status).toBe(404);
      expect((await reply(stranger.token, ticket.uuid, 'Intruso aquí.')).status).toBe(404);
      const link = await call(external.ticketAttachmentLink, { token: stranger.token, params: { file } });
      expect(link.status).toBe(404);
      const mine = await call(external.listMySupportTickets, { token: stranger.token, query: { limit: 100 } });
      expect(mine.body.results.map((t) => t.uuid)).not.toContain(ticket.uuid);
    }
    // The other firm's admin may not close it either; the client may not close its own (the firm does).
    expect(
      (
        await call(external.patchSupportTicket, {
          token: foreignAdmin.token,
          params: { uuid: ticket.uuid },
          body: { status: 'CLOSED' },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(external.patchSupportTicket, {
          token: client.token,
          params: { uuid: ticket.uuid },
          body: { status: 'CLOSED' },
        })
      ).status,
    ).toBe(403);
    const after = await detail(client.token, ticket.uuid);
    expect(after.body.messages).toHaveLength(1);
    expect(after.body.status).toBe('OPEN');
    // The admins in scope may: SUPER_ADMIN any, PROJECT_ADMIN its project's.
    expect((await detail(superAdmin, ticket.uuid)).status).toBe(200);
    expect((await detail(projectAdmin.token, ticket.uuid)).status).toBe(200);
  });
});

describe('attachments', () => {
  test('an uploaded PDF is attached, typed from its bytes, and downloaded by a one-minute link by both sides', async () => {
    const upload = await attachment(client, 'Balance Octubre.pdf');
    const ticket = await openTicket(client, [upload]);
    const shown = (await detail(projectAdmin.token, ticket.uuid)).body.messages[0]?.attachments;
    expect(shown).toEqual([
      { uuid: upload, file_name: 'Balance Octubre.pdf', size: PDF.length, content_type: 'application/pdf' },
    ]);
    for (const token of [client.token, projectAdmin.token]) {
      const link = await call(external.ticketAttachmentLink, { token, params: { file: upload } });
      expect(link.status).toBe(200);
      const file = await fetch(link.body.link);
      expect(file.status).toBe(200);
      expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);
      expect(file.headers.get('content-disposition')).toContain('attachment');
    }
    // The firm's mail names the file.
    const mail = await waitForMailWhere(contact, (m) => m.subject.includes(`#${ticket.number}:`));
    expect(bodyOf(mail)).toContain('Balance Octubre.pdf');
    // An attachment is attached once: naming it again answers as a missing upload.
    const again = await reply(client.token, ticket.uuid, 'Otra vez el mismo.', [upload]);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ errors: { attachments: ['UPLOAD_MISSING'] } });
  });

  test('a file not yet uploaded, or another person’s upload, is refused with nothing written', async () => {
    const ticket = await openTicket(client);
    const notUploaded = await attachment(client, 'pendiente.pdf', PDF, false);
    const missing = await reply(client.token, ticket.uuid, 'Con un adjunto que no subió.', [notUploaded]);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ errors: { attachments: ['UPLOAD_MISSING'] } });
    // The upload can still be finished and used: nothing was consumed.
    expect(await itemExists({ pk: `TICKETFILE#${notUploaded}`, sk: 'FILE' })).toBe(true);

    const othersUpload = await attachment(otherClient);
    const stolen = await reply(client.token, ticket.uuid, 'Con el adjunto de otro.', [othersUpload]);
    expect(stolen.status).toBe(400);
    expect(stolen.body).toMatchObject({ errors: { attachments: ['UPLOAD_MISSING'] } });
    // A new ticket with a missing file is not stored at all.
    const count = (await call(external.listMySupportTickets, { token: client.token, query: { limit: 100 } })).body
      .count;
    const refused = await call(external.postSupportTicket, {
      token: client.token,
      body: { subject: 'Con adjunto perdido', description: 'No debe quedar.', attachments: [notUploaded] },
    });
    expect(refused.status).toBe(400);
    expect((await call(external.listMySupportTickets, { token: client.token, query: { limit: 100 } })).body.count).toBe(
      count,
    );
    const after = await detail(client.token, ticket.uuid);
    expect(after.body.messages).toHaveLength(1);
    expect(await itemExists({ pk: `TICKETFILE#${othersUpload}`, sk: 'FILE' })).toBe(true);
  });

  test('only accepted kinds and sizes start an upload; at most 3 files a message', async () => {
    const exe = await call(external.createTicketAttachmentUpload, {
      token: client.token,
      body: { file_name: 'programa.exe', file_size: 10 },
    });
    expect(exe.status).toBe(400);
    expect(exe.body).toMatchObject({ errors: { file_name: ['FORMAT_NOT_ALLOWED'] } });
    const big = await call(external.createTicketAttachmentUpload, {
      token: client.token,
      body: { file_name: 'grande.pdf', file_size: external.TICKET_ATTACHMENT_MAX_BYTES + 1 },
    });
    expect(big.status).toBe(400);
    expect(Object.keys((big.body as unknown as { errors: object }).errors)).toEqual(['file_size']);
    const ticket = await openTicket(client);
    const four = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const tooMany = await reply(client.token, ticket.uuid, 'Cuatro archivos.', four);
    expect(tooMany.status).toBe(400);
    expect(Object.keys((tooMany.body as unknown as { errors: object }).errors)).toEqual(['attachments']);
  });
});
