import { randomUUID } from 'node:crypto';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { DEMO_TOTP_SECRET } from '../../local/demo-accounts';
import { FAULT_PLAN_HEADER, FAULTS_INJECTED_HEADER, formatPlan } from '../../local/faults';
import { contracts } from '../../shared/contracts';
import * as ledgers from '../../shared/contracts/accounting';
import * as accounting from '../../shared/contracts/accounting-assignments';
import * as auth from '../../shared/contracts/auth';
import * as chatbot from '../../shared/contracts/chatbot';
import * as registry from '../../shared/contracts/dashboard-registry';
import { type Contract, fillPath, pathParamNames } from '../../shared/contracts/define';
import * as documents from '../../shared/contracts/documents';
import * as external from '../../shared/contracts/external';
import * as folders from '../../shared/contracts/folders';
import * as groups from '../../shared/contracts/groups';
import * as messages from '../../shared/contracts/messages';
import * as modules from '../../shared/contracts/modules';
import * as projects from '../../shared/contracts/projects';
import * as registration from '../../shared/contracts/registration';
import * as reports from '../../shared/contracts/reports';
import * as requests from '../../shared/contracts/requests';
import * as secondFactor from '../../shared/contracts/second-factor';
import * as societies from '../../shared/contracts/societies';
import * as users from '../../shared/contracts/users';
import { ERROR_MESSAGES } from '../../shared/i18n/error-messages';
import { call, ok, signIn } from '../helpers/api';
import { bodyIdFields, pathParamKind, sampleBody } from '../helpers/contract-inputs';
import { createTestUser, tableAccess } from '../helpers/db';
import { unique } from '../helpers/fresh';
import { invariantScan } from '../helpers/invariant-scan';
import { mailedInvitationToken, mailedResetToken, waitForMail } from '../helpers/mail';
import {
  CONFIRMED,
  NEUTRAL_PORTAL,
  passkeyAssertion,
  registeredPasskey,
  registrationOptions,
} from '../helpers/passkeys';
import { societyBody } from '../helpers/societies';
import { SoftPasskey } from '../helpers/soft-authenticator';
import type { Kind } from '../helpers/tenant-world';
import { requestFileUpload } from '../helpers/tenant-world-content';
import { CHART_CSV, ledgerCsv } from './accounting-helpers';

/**
 * "faults on the wire, in the running portal": every write contract of the table is sent through the local
 * fault switch (local/faults.ts) at FAULT_RATE of its AWS attempts (throttling, 5xx, timeouts, dropped connections,
 * before sending or after the service applied the request), each request with a plan seeded from FAULT_SEED. Each
 * contract is first sent once without faults (its control); under faults its answer must be the control's or 503
 * SERVICE_BUSY (with its Spanish message), never a 500, never a 409 the control did not give; every control is a
 * success (a driver below builds a valid request where the generic one cannot). After the run an
 * invariant scan (test/helpers/invariant-scan.ts) of the table, the documents bucket and the user pool finds no
 * orphan, no half-write and no double apply. A table per contract (faults injected, outcomes) is printed.
 */
const SEED = Number(process.env.FAULT_SEED ?? 20_260_123);
const RATE = Number(process.env.FAULT_RATE ?? 0.3);
/** Faulted requests per contract. */
const ROUNDS = Number(process.env.FAULT_ROUNDS ?? 3);
/** Contracts run side by side (each request waits on the clients' back-off). */
const PARALLEL = 6;
console.info(
  `faults: FAULT_SEED=${SEED} FAULT_RATE=${RATE} FAULT_ROUNDS=${ROUNDS} (set them to replay this run; FAULT_CONTRACTS=id,id to run those only)`,
);

/** GETs that write (a share link is minted by a GET, as the spec has it). */
const WRITING_GETS = new Set(['createShareToken']);
/** FAULT_CONTRACTS=id,id runs those contracts only (a change's own, replayed alone). */
const ONLY = process.env.FAULT_CONTRACTS?.split(',').filter(Boolean);
const writeContracts = contracts
  .filter((c) => c.method !== 'GET' || WRITING_GETS.has(c.id))
  .filter((c) => !ONLY || ONLY.includes(c.id));

const mark = `fallas${randomUUID().slice(0, 6)}`;
const PDF = new TextEncoder().encode('%PDF-1.4\n% fallas\n%%EOF\n');

interface World {
  sa: string;
  project: string;
  projectName: string;
  portalUrl: string;
  group: string;
  society: string;
  rut: string;
  /** A person of the society, whom the report reaches. */
  member: string;
  report: string;
  industry: string;
  folder: string;
  reportModule: string;
  accountingModule: string;
}
let world: World;
const projectsMade: string[] = [];
const modulesMade: string[] = [];
const emails: string[] = [];

/** A person of the world's project, with an e-mail the scan follows. */
async function person(role: Parameters<typeof createTestUser>[0] = 'USER_SOCIETY', inProject = true) {
  const user = await createTestUser(role, inProject ? [world.project] : [], mark);
  emails.push(user.email);
  return user;
}

/** A monthly request template of the world's project, made without faults. */
const newRequestTemplate = async () =>
  ok(
    'request template',
    await call(requests.createRequestTemplate, {
      token: world.sa,
      body: {
        project: world.project,
        name: `Plantilla ${mark} ${unique()}`,
        items: [{ name: 'Libro de compras' }],
        recurrence: { kind: 'MONTHLY_F29' },
      },
    }),
  ).uuid;

/** A fresh entity of a kind, made without faults, for a request to change or delete. */
const fresh: Partial<Record<Kind, () => Promise<string>>> = {
  project: async () => {
    const made = ok(
      'project',
      await call(projects.createProject, {
        token: world.sa,
        body: {
          project_name: `Fallas ${mark} ${unique()}`,
          client_name: 'Cliente SpA',
          associated_service_description: 'Contabilidad',
          service_description: 'Portal',
        },
      }),
    ).uuid;
    projectsMade.push(made);
    return made;
  },
  group: async () =>
    ok(
      'group',
      await call(groups.createGroup, {
        token: world.sa,
        body: { group_name: `Grupo ${mark} ${unique()}`, group_description: 'Fallas', project: world.project },
      }),
    ).uuid,
  society: async () => society(world.group),
  user: async () => (await person()).uuid,
  industry: async () =>
    ok('industry', await call(societies.createIndustry, { token: world.sa, body: { industry: `Rubro ${unique()}` } }))
      .uuid,
  invitation: async () => {
    const email = `${mark}-inv-${unique()}@prueba.cl`;
    emails.push(email);
    return ok(
      'invitation',
      await call(registration.generateInvitation, {
        token: world.sa,
        body: { email, user_role: 'USER_SOCIETY', project: [world.project], society: [world.society] },
      }),
    ).uuid;
  },
  folderTemplate: async () =>
    ok(
      'folder',
      await call(folders.createFolderTemplate, {
        token: world.sa,
        body: { project: world.project, folder_name: `Carpeta ${mark} ${unique()}` },
      }),
    ).uuid as string,
  document: async () => {
    const answer = await sendForm(documents.uploadDocument, world.sa, undefined, documentForm());
    return (ok('document', { status: answer.status, body: answer.body }) as { uuid: string }).uuid;
  },
  shareLink: async () =>
    ok(
      'share link',
      await call(documents.createShareToken, {
        token: world.sa,
        params: { uuid: (await fresh.document?.()) as string },
      }),
    ).uuid,
  upload: async () => {
    const start = ok(
      'upload-url',
      await call(documents.createDocumentUpload, {
        token: world.sa,
        body: uploadBody(),
      }),
    ) as unknown as { upload: string; url: string; fields: Record<string, string> };
    const form = new FormData();
    for (const [k, v] of Object.entries(start.fields)) form.set(k, v);
    form.set('file', new Blob([PDF], { type: 'application/pdf' }), 'directo.pdf');
    const posted = await fetch(start.url, { method: 'POST', body: form });
    if (posted.status >= 300) throw new Error(`presigned POST: ${posted.status}`);
    return start.upload;
  },
  // A sender of its own each time: a user may send 5 tickets an hour.
  ticket: async () =>
    ok(
      'ticket',
      await call(external.postSupportTicket, {
        token: (await signIn((await person()).email)).access,
        body: { subject: `Fallas ${mark}`, description: 'Consulta de la suite de fallas.' },
      }),
    ).uuid,
  request: async () => (await freshRequest()).uuid,
  thread: async () =>
    ok(
      'thread',
      await call(messages.createThread, {
        token: world.sa,
        params: { uuid: world.society },
        body: { subject: `Fallas ${mark}`, body: 'Mensaje de la suite de fallas.' },
      }),
    ).uuid,
  requestTemplate: async () => newRequestTemplate(),
  requestSchedule: async () =>
    ok(
      'request schedule',
      await call(requests.createRequestSchedule, {
        token: world.sa,
        body: { template: await newRequestTemplate(), target: { kind: 'GROUP', uuid: world.group } },
      }),
    ).uuid,
  module: async () => {
    const made = ok(
      'module',
      await call(modules.createModule, {
        token: world.sa,
        body: { module_name: `Fallas ${mark} ${unique()}`, module_type: 'REPORT' },
      }),
    ).uuid;
    modulesMade.push(made);
    return made;
  },
  chatbotArticle: async () =>
    ok(
      'chatbot article',
      await call(chatbot.createChatbotArticle, {
        token: world.sa,
        body: { title: `Fallas ${unique()}`, body: 'Texto de la suite de fallas.', source: 'Fallas' },
      }),
    ).id,
  registryEntry: async () =>
    ok(
      'registry entry',
      await call(registry.createRegistryEntry, {
        token: world.sa,
        body: {
          tool_type: 'QUICKSIGHT',
          name: `Tablero ${unique()}`,
          aws_id_dashboard: `tablero-${randomUUID()}`,
          projects: [world.project],
        },
      }),
    ).uuid,
  report: async () => ok('report', await call(reports.createReport, { token: world.sa, body: reportBody() })).uuid,
  assignment: async () =>
    ok('assignment', await call(accounting.createAccountingAssignment, { token: world.sa, body: assignmentBody() }))
      .uuid,
};

const everyRole = {
  enable_project_admin: true,
  enable_group_admin: true,
  enable_user_group: true,
  enable_user_society: true,
};
const reportBody = () => ({
  report_name: `Tablero ${mark} ${unique()}`,
  menu_name: 'Tablero',
  description: 'Fallas',
  tool_type: 'BUILT_IN',
  builtin_dashboard: 'PORTAL_ACTIVITY',
  module: world.reportModule,
  ...everyRole,
  society_list: [world.society],
});
const assignmentBody = () => ({
  accounting_type: 'FINANCIAL_SITUATION',
  menu_name: `Situación ${mark} ${unique()}`,
  description: 'Fallas',
  module: world.accountingModule,
  ...everyRole,
  society_list: [world.society],
});
const uploadBody = () => ({
  society: world.society,
  folder: world.folder,
  file_name: `directo-${unique()}.pdf`,
  file_size: PDF.length,
  content_type: 'application/pdf',
});

async function society(group: string, user: string[] = []) {
  return (await societyWithRut(group, user)).uuid;
}

async function societyWithRut(group: string, user: string[] = []) {
  const made = ok(
    'society',
    await call(societies.createSociety, {
      token: world.sa,
      body: societyBody(group, {
        society_business_name: `Sociedad ${mark} ${unique()} SpA`,
        company_code: 'FAL',
        industry_type: world.industry,
        society_email: 'contacto@fallas.cl',
        user,
      }),
    }),
  ) as unknown as { uuid: string; society_rut: string };
  return { uuid: made.uuid, rut: made.society_rut };
}

const csvForm = (fields: Record<string, string>, field: string, name: string, csv: string) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set(field, new Blob([csv], { type: 'text/csv' }), name);
  return form;
};

/** A society of its own with its chart imported: each ledger import replaces a ledger nobody else reads. */
async function societyWithChart() {
  const made = await societyWithRut(world.group);
  const chart = await sendForm(
    ledgers.importAccountingChart,
    world.sa,
    undefined,
    csvForm({ society: made.uuid }, 'file', 'plan.csv', CHART_CSV),
  );
  ok('chart', { status: chart.status, body: chart.body });
  return made;
}

const NEW_PASSWORD = 'Fallas.Clave9';
const passwords = { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD };

/** A fresh invitation's mailed token (the registration link). */
async function invitationToken() {
  const email = `${mark}-inv-${unique()}@prueba.cl`;
  emails.push(email);
  ok(
    'invitation',
    await call(registration.generateInvitation, {
      token: world.sa,
      body: { email, user_role: 'USER_SOCIETY', project: [world.project], society: [world.society] },
    }),
  );
  return await mailedInvitationToken(email);
}

/** A fresh person's mailed password-reset token. */
async function resetToken() {
  const { email } = await person();
  ok('password reset', await call(registration.requestPasswordReset, { body: { email } }));
  return await mailedResetToken(email);
}

const documentForm = () => {
  const form = new FormData();
  form.set('society', world.society);
  form.set('folder', world.folder);
  form.set('file', new Blob([PDF], { type: 'application/pdf' }), `fallas-${unique()}.pdf`);
  return form;
};

/** A document request of the world's society, made without faults, and its items. */
async function freshRequest() {
  const made = ok(
    'request',
    await call(requests.createRequest, {
      token: world.sa,
      body: {
        batch: randomUUID(),
        target: { kind: 'SOCIETY', uuid: world.society },
        title: `Fallas ${mark}`,
        due_date: '2030-01-31',
        items: [{ name: `Libro ${mark}` }, { name: 'Cartola' }],
      },
    }),
  );
  const uuid = made.results[0]?.uuid as string;
  const items = ok('request', await call(requests.getRequest, { token: world.sa, params: { uuid } })).items;
  return { uuid, items: items.map((i) => i.uuid) as [string, string] };
}

/** One request, ready to send: its caller, path and body (JSON, or a form for files). */
interface Prepared {
  token?: string;
  params?: Record<string, string>;
  body?: unknown;
  /** The portal the request comes through (a passkey belongs to one); with `token`, a session of that portal. */
  portal?: string;
}

interface Answer {
  status: number;
  body: Record<string, unknown> | undefined;
  injected: string[];
}

async function sendForm(
  contract: Contract,
  token: string | undefined,
  params: Record<string, string> | undefined,
  body: unknown,
  plan?: string,
  portal?: string,
): Promise<Answer> {
  const url = `${inject('portal').apiUrl}/${fillPath(contract.path, params)}`;
  const form = body instanceof FormData;
  const response = await fetch(url, {
    method: contract.method,
    headers: {
      ...(token && { authorization: `Bearer ${token}` }),
      ...(body !== undefined && !form && { 'content-type': 'application/json' }),
      'x-portal-viewer-ip': `10.9.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`,
      ...(plan && { [FAULT_PLAN_HEADER]: plan }),
      ...(portal && { 'x-portal-origin': portal }),
    },
    body: body === undefined ? undefined : form ? (body as FormData) : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: Record<string, unknown> | undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  const injected = response.headers.get(FAULTS_INJECTED_HEADER);
  return { status: response.status, body: parsed, injected: injected ? injected.split(' ') : [] };
}

/**
 * Requests the generic rule (below) cannot make: files, tokens, a caller's own password or session. Each makes what it
 * needs without faults and returns the request to fault.
 */
const epochNow = () => Math.floor(Date.now() / 1000);

/** A SUPER_ADMIN's sign-in waiting for its code (`enrol`: after a reset, for its enrolment), made without faults. */
async function secondFactorChallenge(enrol: boolean): Promise<string> {
  const { uuid, email } = await person('SUPER_ADMIN', false);
  if (enrol) ok('reset', await call(secondFactor.resetSecondFactor, { token: world.sa, params: { uuid } }));
  const answer = ok('password', await call(auth.postToken, { body: { email, password: 'Portal.Demo1' } }));
  return answer.second_factor?.challenge as string;
}

/** An uploaded attachment of the world society's conversation, made without faults and carried by no message yet. */
async function messageUpload(): Promise<string> {
  const start = ok(
    'message attachment',
    await call(messages.createMessageAttachmentUpload, {
      token: world.sa,
      params: { uuid: world.society },
      body: { file_name: `fallas-${unique()}.pdf`, file_size: PDF.length, content_type: 'application/pdf' },
    }),
  );
  const form = new FormData();
  for (const [k, v] of Object.entries(start.fields)) form.set(k, v);
  form.set('file', new Blob([PDF], { type: 'application/pdf' }), 'adjunto.pdf');
  const posted = await fetch(start.url, { method: 'POST', body: form });
  if (posted.status >= 300) throw new Error(`message attachment to S3: ${posted.status}`);
  return start.upload;
}

const DRIVERS: Record<string, () => Promise<Prepared>> = {
  // A conversation's messages carry a file each: its document lands first, then the message (attachments.ts).
  // About a fresh request's item: the request lists the thread in the same transaction.
  createThread: async () => {
    const { uuid, items } = await freshRequest();
    return {
      token: world.sa,
      params: { uuid: world.society },
      body: {
        subject: `Fallas ${mark}`,
        body: 'Con adjunto.',
        attachments: [await messageUpload()],
        request_item: { request: uuid, item: items[0] },
      },
    };
  },
  postThreadMessage: async () => ({
    token: world.sa,
    params: { uuid: (await fresh.thread?.()) as string },
    body: { body: 'Con adjunto.', attachments: [await messageUpload()] },
  }),
  // Document requests: one of the world's society (a retry of its batch makes none twice), its items.
  createRequest: async () => ({
    token: world.sa,
    body: {
      batch: randomUUID(),
      target: { kind: 'SOCIETY', uuid: world.society },
      title: `Fallas ${mark}`,
      due_date: '2030-01-31',
      // With an item's template file: it lands (its record, its upload spent, its object copied) before the request.
      items: [
        { name: 'Libro de compras' },
        { name: 'Formulario', template_file: await requestFileUpload(world.sa, world.project) },
      ],
    },
  }),
  createRequestItemUpload: async () => {
    const { uuid, items } = await freshRequest();
    return {
      token: world.sa,
      params: { uuid, item: items[0] },
      body: { file_name: `fallas-${unique()}.pdf`, file_size: PDF.length, content_type: 'application/pdf' },
    };
  },
  confirmRequestItemUpload: async () => {
    const { uuid, items } = await freshRequest();
    const start = ok(
      'request upload',
      await call(requests.createRequestItemUpload, {
        token: world.sa,
        params: { uuid, item: items[0] },
        body: { file_name: `fallas-${unique()}.pdf`, file_size: PDF.length, content_type: 'application/pdf' },
      }),
    );
    const form = new FormData();
    for (const [k, v] of Object.entries(start.fields)) form.set(k, v);
    form.set('file', new Blob([PDF], { type: 'application/pdf' }), 'fallas.pdf');
    const posted = await fetch(start.url, { method: 'POST', body: form });
    if (posted.status >= 300) throw new Error(`request file to S3: ${posted.status}`);
    return { token: world.sa, params: { uuid: start.upload } };
  },
  answerRequestItemNotApplicable: async () => {
    const { uuid, items } = await freshRequest();
    return { token: world.sa, params: { uuid, item: items[0] }, body: { comment: 'No aplica.' } };
  },
  reviewRequestItem: async () => {
    const { uuid, items } = await freshRequest();
    ok(
      'no aplica',
      await call(requests.answerRequestItemNotApplicable, {
        token: world.sa,
        params: { uuid, item: items[0] },
        body: { comment: 'No aplica.' },
      }),
    );
    return { token: world.sa, params: { uuid, item: items[0] }, body: { decision: 'RETURN', comment: 'Falta.' } };
  },
  // Passkeys: a fresh person's session on a portal that is no firm's, a software authenticator's answers.
  postPasskeyRegistrationOptions: async () => ({
    token: (await signIn((await person()).email, undefined, { portal: NEUTRAL_PORTAL })).access,
    portal: NEUTRAL_PORTAL,
    body: CONFIRMED,
  }),
  postPasskeyRegistration: async () => {
    const { access } = await signIn((await person()).email, undefined, { portal: NEUTRAL_PORTAL });
    const response = new SoftPasskey().create((await registrationOptions(access)) as never, NEUTRAL_PORTAL);
    return { token: access, portal: NEUTRAL_PORTAL, body: { name: 'Mi notebook', response } };
  },
  deletePasskey: async () => {
    const { access, uuid } = await registeredPasskey((await person()).email);
    return { token: access, portal: NEUTRAL_PORTAL, params: { uuid } };
  },
  postPasskeySignInOptions: async () => ({ portal: NEUTRAL_PORTAL }),
  postPasskeySignIn: async () => {
    const { passkey } = await registeredPasskey((await person()).email);
    return { portal: NEUTRAL_PORTAL, body: { response: await passkeyAssertion(passkey) } };
  },
  uploadDocument: async () => ({ token: world.sa, body: documentForm() }),
  // A filing with its form: a document of the tax-form folder and the filing in one transaction.
  markTaxObligationFiled: async () => {
    const form = new FormData();
    form.set('form', 'F29');
    form.set('period', '2026-02');
    form.set('file', new Blob([PDF], { type: 'application/pdf' }), `fallas-${unique()}.pdf`);
    return { token: world.sa, params: { uuid: world.society }, body: form };
  },
  postSupportTicket: async () => ({
    token: (await signIn((await person()).email)).access,
    body: { subject: `Fallas ${mark}`, description: 'Consulta de la suite de fallas.' },
  }),
  postToken: async () => ({ body: { email: (await person()).email, password: 'Portal.Demo1' } }),
  postTokenRefresh: async () => ({ body: { refresh: (await signIn((await person()).email)).refresh } }),
  // The second factor: a fresh SUPER_ADMIN (enrolled with the demo's secret) between its password and its code.
  postSecondFactor: async () => {
    const challenge = await secondFactorChallenge(false);
    return { body: { challenge, code: await generate({ secret: DEMO_TOTP_SECRET, epoch: epochNow() }) } };
  },
  postSecondFactorEnrolment: async () => ({ body: { challenge: await secondFactorChallenge(true) } }),
  // A fresh person's own enrolment from its session, and its first code from the secret it was given.
  postOwnSecondFactorEnrolment: async () => ({ token: (await signIn((await person()).email)).access }),
  postOwnSecondFactor: async () => {
    const token = (await signIn((await person()).email)).access;
    const { secret } = ok('enrol', await call(secondFactor.postOwnSecondFactorEnrolment, { token }));
    return { token, body: { code: await generate({ secret, epoch: epochNow() }) } };
  },
  postSessionLogout: async () => ({ body: { refresh: (await signIn((await person()).email)).refresh } }),
  updatePassword: async () => ({
    token: (await signIn((await person()).email)).access,
    body: { current_password: 'Portal.Demo1', password: 'Fallas.Clave9', password_confirmation: 'Fallas.Clave9' },
  }),
  patchUserProfile: async () => ({
    token: (await signIn((await person()).email)).access,
    body: { first_name: 'Cambiado' },
  }),
  markNotificationsRead: async () => ({ token: (await signIn((await person()).email)).access, body: {} }),
  patchDocumentDigest: async () => ({
    token: (await signIn((await person()).email)).access,
    body: { document_digest: false },
  }),
  // The link the digest job writes with its mail (functions/documents/document-digest.ts).
  unsubscribeDocumentDigest: async () => {
    await tableAccess();
    const [{ newToken }, { transactWrite }] = await Promise.all([
      import('../../functions/lib/data/tokens'),
      import('../../functions/lib/data/transact'),
    ]);
    const link = newToken('DIGEST', (await person()).uuid);
    await transactWrite([link.write]);
    return { body: { token: link.token } };
  },
  // A schedule of a fresh template (one schedule per template and target) over the world's society.
  createRequestSchedule: async () => ({
    token: world.sa,
    body: { template: await newRequestTemplate(), target: { kind: 'SOCIETY', uuid: world.society } },
  }),
  putRequestReminderPreference: async () => ({
    token: (await signIn((await person()).email)).access,
    body: { reminders: false },
  }),
  // The link the reminder job writes with its mail (functions/requests/send-request-reminders.ts).
  unsubscribeRequestReminders: async () => {
    await tableAccess();
    const [{ newToken }, { transactWrite }] = await Promise.all([
      import('../../functions/lib/data/tokens'),
      import('../../functions/lib/data/transact'),
    ]);
    const link = newToken('REMINDER', (await person()).uuid);
    await transactWrite([link.write]);
    return { body: { token: link.token } };
  },
  putMessageNoticePreference: async () => ({
    token: (await signIn((await person()).email)).access,
    body: { notices: false },
  }),
  // The link the notice job writes with its mail (functions/messages/message-notice.ts).
  unsubscribeMessageNotices: async () => {
    await tableAccess();
    const [{ newToken }, { transactWrite }] = await Promise.all([
      import('../../functions/lib/data/tokens'),
      import('../../functions/lib/data/transact'),
    ]);
    const link = newToken('NOTICE', (await person()).uuid);
    await transactWrite([link.write]);
    return { body: { token: link.token } };
  },
  createReport: async () => ({ token: world.sa, body: reportBody() }),
  createAccountingAssignment: async () => ({ token: world.sa, body: assignmentBody() }),
  createDocumentUpload: async () => ({ token: world.sa, body: uploadBody() }),
  generateInvitation: async () => {
    const email = `${mark}-inv-${unique()}@prueba.cl`;
    emails.push(email);
    return {
      token: world.sa,
      body: { email, user_role: 'USER_SOCIETY', project: [world.project], society: [world.society] },
    };
  },
  deleteProject: async () => ({ token: world.sa, params: { uuid: await (fresh.project as () => Promise<string>)() } }),
  postPersonalizationLogin: async () => ({ body: { custom_portal_url: world.portalUrl } }),
  putReportReference: async () => ({
    token: world.sa,
    body: { reporte: world.report, usuario: world.member, cant_see: false },
  }),
  registerInvitation: async () => ({
    body: { token: await invitationToken(), first_name: 'Ana', last_name: 'Pérez', ...passwords },
  }),
  resetPassword: async () => ({ body: { token: await resetToken(), ...passwords } }),
  confirmEmailChange: async () => {
    const someone = await person();
    const next = `${mark}-nuevo-${unique()}@prueba.cl`;
    emails.push(next);
    ok(
      'e-mail change',
      await call(users.patchUser, { token: world.sa, params: { uuid: someone.uuid }, body: { email: next } }),
    );
    const mail = await waitForMail(next, 'Confirma tu nuevo correo');
    const token = /\/email_confirm\/([A-Za-z0-9_-]+)/.exec(mail.body.text ?? '')?.[1];
    if (!token) throw new Error('no e-mail confirmation link');
    return { body: { token } };
  },
  importUsersCsv: async () => {
    const email = `${mark}-csv-${unique()}@prueba.cl`;
    emails.push(email);
    const csv = [
      'email,first_name,last_name,rut_user,user_role,project,group,society',
      `${email},Ana,Pérez,,USER_SOCIETY,${world.projectName},,${world.rut}`,
    ].join('\n');
    return { token: world.sa, body: csvForm({}, 'file_csv', 'usuarios.csv', csv) };
  },
  importAccountingChart: async () => ({
    token: world.sa,
    body: csvForm({ society: await society(world.group) }, 'file', 'plan.csv', CHART_CSV),
  }),
  importAccountingLedger: async () => {
    const made = await societyWithChart();
    return { token: world.sa, body: csvForm({ society: made.uuid }, 'file', 'libro.csv', ledgerCsv(made.rut)) };
  },
  confirmLedgerUpload: async () => {
    const made = await societyWithChart();
    const data = new TextEncoder().encode(ledgerCsv(made.rut));
    const start = ok(
      'ledger upload',
      await call(ledgers.requestLedgerUpload, {
        token: world.sa,
        body: { society: made.uuid, file_name: 'libro.csv', file_size: data.length, content_type: 'text/csv' },
      }),
    ) as unknown as { job: { uuid: string }; upload: { url: string; fields: Record<string, string> } };
    const form = new FormData();
    for (const [k, v] of Object.entries(start.upload.fields)) form.set(k, v);
    form.set('file', new Blob([data], { type: 'text/csv' }), 'libro.csv');
    const posted = await fetch(start.upload.url, { method: 'POST', body: form });
    if (posted.status >= 300) throw new Error(`ledger file to S3: ${posted.status}`);
    return { token: world.sa, body: { job: start.job.uuid } };
  },
};

/** The generic request of a contract: fresh entities in its path, the world's ids and fresh values in its body. */
async function generic(contract: Contract): Promise<Prepared> {
  const params: Record<string, string> = {};
  for (const param of pathParamNames(contract.path)) {
    const kind = pathParamKind(contract, param);
    const make = kind && fresh[kind];
    params[param] = make ? await make() : randomUUID();
  }
  const people = new Map<string, string>();
  for (const field of bodyIdFields(contract)) if (field.kind === 'user') people.set(field.name, (await person()).uuid);
  const ids: Partial<Record<Kind, string>> = {
    project: world.project,
    group: world.group,
    society: world.society,
    industry: world.industry,
    folderTemplate: world.folder,
    module: world.reportModule,
  };
  const body = sampleBody(contract, (kind, list) => {
    const id = kind === 'user' ? ([...people.values()][0] as string) : (ids[kind] ?? randomUUID());
    return list ? [id] : id;
  });
  if (body && 'email' in body && typeof body.email === 'string') emails.push(body.email);
  return { token: contract.access === 'public' ? undefined : world.sa, params, body };
}

const prepare = (contract: Contract) => (DRIVERS[contract.id] ?? (() => generic(contract)))();

interface Outcome {
  contract: string;
  control: number;
  statuses: number[];
  injected: string[];
  problems: string[];
}
const outcomes: Outcome[] = [];

beforeAll(async () => {
  const root = await createTestUser('SUPER_ADMIN', [], mark);
  emails.push(root.email);
  const sa = (await signIn(root.email)).access;
  const industry = (await call(societies.listIndustries, { token: sa })).body[0]?.uuid as string;
  world = { sa, industry } as World;
  world.projectName = `Fallas ${mark} ${unique()}`;
  world.portalUrl = `https://${mark}-${unique()}.example.cl`;
  world.project = ok(
    'project',
    await call(projects.createProject, {
      token: sa,
      body: {
        project_name: world.projectName,
        client_name: 'Cliente SpA',
        associated_service_description: 'Contabilidad',
        service_description: 'Portal',
        custom_portal_url: world.portalUrl,
      },
    }),
  ).uuid;
  projectsMade.push(world.project);
  world.group = await (fresh.group as () => Promise<string>)();
  world.member = (await person()).uuid;
  ({ uuid: world.society, rut: world.rut } = await societyWithRut(world.group, [world.member]));
  world.folder = await (fresh.folderTemplate as () => Promise<string>)();
  world.reportModule = await (fresh.module as () => Promise<string>)();
  world.accountingModule = ok(
    'module',
    await call(modules.createModule, {
      token: sa,
      body: { module_name: `Fallas ${mark} ${unique()}`, module_type: 'ACCOUNTING' },
    }),
  ).uuid;
  modulesMade.push(world.accountingModule);
  world.report = await (fresh.report as () => Promise<string>)();
}, 120_000);

afterAll(() => {
  const pad = (text: string | number, width: number) => String(text).padEnd(width);
  const lines = outcomes
    .sort((a, b) => a.contract.localeCompare(b.contract))
    .map((o) => {
      const counts = new Map<string, number>();
      for (const status of o.statuses) counts.set(String(status), (counts.get(String(status)) ?? 0) + 1);
      const kinds = new Map<string, number>();
      for (const fault of o.injected) {
        const kind = fault.split(':')[1] as string;
        kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      }
      return `${pad(o.contract, 28)} control ${o.control}  faults ${pad(o.injected.length, 3)} ${pad(
        [...kinds].map(([k, n]) => `${k}×${n}`).join(' '),
        60,
      )} answers ${[...counts].map(([s, n]) => `${s}×${n}`).join(' ')}`;
    });
  const total = outcomes.reduce((sum, o) => sum + o.injected.length, 0);
  console.info(
    `\nFault suite (FAULT_SEED=${SEED}, rate ${RATE}, ${ROUNDS} faulted requests per contract): ${outcomes.length} contracts, ${total} faults injected\n${lines.join('\n')}`,
  );
});

describe('every write contract under injected faults', () => {
  test('the table yields the write contracts, each with a request to make', () => {
    expect(writeContracts.length).toBeGreaterThan(ONLY ? 0 : 50);
    if (!ONLY) for (const id of Object.keys(DRIVERS)) expect(writeContracts.map((c) => c.id)).toContain(id);
  });

  test('answers the control’s answer or 503 SERVICE_BUSY, never 500, never a 409 the control did not give', async () => {
    const queue = writeContracts.map((contract, index) => ({ contract, index }));
    const work = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const { contract, index } = next;
        const outcome: Outcome = { contract: contract.id, control: 0, statuses: [], injected: [], problems: [] };
        outcomes.push(outcome);
        try {
          const control = await prepare(contract).then((r) =>
            sendForm(contract, r.token, r.params, r.body, undefined, r.portal),
          );
          outcome.control = control.status;
          for (let round = 0; round < ROUNDS; round++) {
            const plan = formatPlan({ seed: SEED + index * 100 + round, rate: RATE });
            const request = await prepare(contract);
            const answer = await sendForm(contract, request.token, request.params, request.body, plan, request.portal);
            outcome.statuses.push(answer.status);
            outcome.injected.push(...answer.injected);
            const busy = answer.status === 503 && answer.body?.code === 'SERVICE_BUSY';
            if (answer.status !== control.status && !busy)
              outcome.problems.push(
                `${plan}: ${answer.status} ${JSON.stringify(answer.body)} (control ${control.status}; faults ${answer.injected.join(' ')})`,
              );
          }
        } catch (error) {
          outcome.problems.push(`could not drive: ${(error as Error).message}`);
        }
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, work));
    // Every control is a success: a refusal under faults would prove nothing about the write.
    expect(outcomes.filter((o) => o.control >= 300).map((o) => `${o.contract}: control ${o.control}`)).toEqual([]);
    expect(outcomes.flatMap((o) => o.problems.map((p) => `${o.contract}: ${p}`))).toEqual([]);
    // The plans did fault: every kind, both before and after the service applied the request.
    const all = outcomes.flatMap((o) => o.injected);
    // A few contracts replayed alone meet fewer plans: the full run proves every kind and moment.
    if (!ONLY)
      for (const kind of ['throttle', '5xx', 'timeout', 'drop'])
        for (const when of ['before', 'after'])
          expect(
            all.some((f) => f.endsWith(`:${kind}@${when}`)),
            `${kind}@${when}`,
          ).toBe(true);
    expect(ERROR_MESSAGES.SERVICE_BUSY).toMatch(/nuevamente/);
  }, 300_000);

  test('the invariant scan finds no orphan, no half-write, no double apply', async () => {
    const { tableName } = await tableAccess();
    const env = inject('portal').env;
    const problems = await invariantScan(
      { tableName, documentsBucket: env.DOCUMENTS_BUCKET as string, userPoolId: env.USER_POOL_ID as string },
      { projects: projectsMade, modules: modulesMade, emails },
    );
    console.info(
      `invariant scan: ${projectsMade.length} projects, ${modulesMade.length} modules, ${emails.length} e-mails: ${problems.length} problems`,
    );
    expect(problems).toEqual([]);
  }, 120_000);
});
