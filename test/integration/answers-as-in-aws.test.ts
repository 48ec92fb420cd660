import { randomUUID } from 'node:crypto';
import { generate } from 'otplib';
import { beforeAll, describe, expect, test } from 'vitest';
import { DEMO_TOTP_SECRET } from '../../local/demo-accounts';
import { contracts } from '../../shared/contracts';
import type { StatementFamily } from '../../shared/contracts/accounting';
import * as accounting from '../../shared/contracts/accounting';
import * as accountingAssignments from '../../shared/contracts/accounting-assignments';
import { postToken } from '../../shared/contracts/auth';
import * as chatbot from '../../shared/contracts/chatbot';
import * as dashboardRegistry from '../../shared/contracts/dashboard-registry';
import { type Contract, pathParamNames } from '../../shared/contracts/define';
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
import * as taxCalendar from '../../shared/contracts/tax-calendar';
import * as users from '../../shared/contracts/users';
import { ROLES, type Role } from '../../shared/roles';
import { call, DEMO_PASSWORD, ok, signIn } from '../helpers/api';
import { PNG } from '../helpers/assignment-world';
import { familyOf, fieldKind, pathParamKind, sampleBody, shapeOf } from '../helpers/contract-inputs';
import { createTestUser, tableAccess } from '../helpers/db';
import { unique } from '../helpers/fresh';
import { invokeInProcess } from '../helpers/in-process';
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
import { CHART_CSV, ledgerCsv, statementAssignments, upload } from './accounting-helpers';
import { uploadSmall } from './documents-fixture';

/**
 * Every contract that answers JSON, answered as AWS answers it: in AWS the handler's output is sent unchecked
 * (http-handler.ts parses it against the contract only locally), so whatever a handler spreads from a stored item
 * reaches the client. Each answer must equal its own contract's parse of it: nothing the contract does not show (a
 * table key, an index key or list attribute of the first design, a stored display form).
 *
 * Contracts are walked from the table, so a new one is covered the day it is added: a GET is called from its path and
 * query kinds (contract-inputs.ts) by every role that it admits, without and with its optional id filters; a write,
 * or a GET that needs a live token or job, has a recipe below. A write with no recipe fails, and so does a call that
 * does not succeed (a 4xx proves nothing about the answer's shape).
 *
 * The world is its own (a project, a group, a society, a person of each role, content of every kind), so the writes
 * change nothing another file reads; its entities are made to look as items written before the listing directories
 * look in AWS, where they still hold the first design's index keys and list attributes.
 */

/** Contracts not called, each with its reason (besides the file answers). */
const SKIPPED: Record<string, string> = {
  startMicrosoftSignIn: 'answers a redirect (302), never JSON: test/integration/microsoft-sign-in.test.ts',
  microsoftSignInCallback: 'answers a redirect (302), never JSON: test/integration/microsoft-sign-in.test.ts',
};
const skipReason = (contract: Contract) =>
  contract.fileResponse ? `answers a file (${contract.fileResponse}), not JSON` : SKIPPED[contract.id];

type Caller = Role | 'PUBLIC';

interface Invocation {
  as: Caller;
  /** A token of a caller of its own (a fresh person), instead of the world's one of `as`. */
  token?: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  form?: FormData;
  /** Told in the failure message: which variant of the call this is. */
  note?: string;
  /** The portal the call comes through (a passkey belongs to one); with `token`, a session of that portal. */
  portal?: string;
}

interface World {
  tokens: Record<Role, string>;
  people: Record<Role, { uuid: string; email: string }>;
  project: string;
  portalUrl: string;
  group: string;
  society: string;
  rut: string;
  industry: string;
  reportModule: string;
  accountingModule: string;
  report: string;
  assignments: Record<StatementFamily, string>;
  template: string;
  document: string;
  share: { uuid: string; token: string };
  ticket: string;
  /** A thread of the society opened by its client user, answered by the firm (unread on both sides' counts). */
  thread: string;
  /** A document request of the society: a file delivered, an item answered 'no aplica' and returned, one pending. */
  request: { uuid: string; items: [string, string, string] };
  /** A monthly request template of the project, scheduled over the group. */
  requestTemplate: string;
  invitation: string;
  notification: string;
}

let w: World;

const PDF = new TextEncoder().encode('%PDF-1.4\n% respuestas\n%%EOF\n');
const EVERY_ROLE = {
  enable_project_admin: true,
  enable_group_admin: true,
  enable_user_group: true,
  enable_user_society: true,
};

/** A document request of a society with three items, made by `token`'s admin. */
async function newRequest(token: string, society: string) {
  const made = ok(
    'request',
    await call(requests.createRequest, {
      token,
      body: {
        batch: randomUUID(),
        target: { kind: 'SOCIETY', uuid: society },
        title: `Respuestas ${unique()}`,
        due_date: '2030-01-31',
        items: [{ name: 'Libro de compras', note: 'De marzo' }, { name: 'Cartola' }, { name: 'Balance' }],
      },
    }),
  );
  const uuid = made.results[0]?.uuid as string;
  const items = ok('request', await call(requests.getRequest, { token, params: { uuid } })).items.map((i) => i.uuid);
  return { uuid, items: items as [string, string, string] };
}

/** A started and uploaded file into a request's item (as locally: the presigned form points at the local bucket). */
async function startedItemUpload(token: string, uuid: string, item: string) {
  const start = ok(
    'item upload',
    await call(requests.createRequestItemUpload, {
      token,
      params: { uuid, item },
      body: { file_name: `${unique()}.pdf`, file_size: PDF.length, content_type: 'application/pdf' },
    }),
  );
  const form = new FormData();
  for (const [k, v] of Object.entries(start.fields)) form.set(k, v);
  form.set('file', new Blob([PDF], { type: 'application/pdf' }), 'entregado.pdf');
  const posted = await fetch(start.url, { method: 'POST', body: form });
  if (posted.status >= 300) throw new Error(`request file to S3: ${posted.status}`);
  return start.upload;
}

async function deliverFile(token: string, uuid: string, item: string) {
  const upload = await startedItemUpload(token, uuid, item);
  ok('item confirm', await call(requests.confirmRequestItemUpload, { token, params: { uuid: upload } }));
}

/** The world: a project with a group and a society, a user of each role in them, and content of every kind. */
async function buildWorld(): Promise<World> {
  const root = await createTestUser('SUPER_ADMIN');
  const sa = (await signIn(root.email)).access;
  const as = { token: sa };
  const pa = await createTestUser('PROJECT_ADMIN');
  const portalUrl = `https://respuestas-${unique()}.example.cl`;
  const project = ok(
    'project',
    await call(projects.createProject, {
      ...as,
      body: {
        project_name: `Respuestas ${unique()}`,
        client_name: 'Cliente SpA',
        associated_service_description: 'Contabilidad',
        service_description: 'Portal',
        custom_portal_url: portalUrl,
        contact_phone: '+56223456789',
        admin: [pa.uuid],
      },
    }),
  ).uuid;
  const [ga, ug, us] = await Promise.all([
    createTestUser('GROUP_ADMIN', [project]),
    createTestUser('USER_GROUP', [project]),
    createTestUser('USER_SOCIETY', [project]),
  ]);
  const group = ok(
    'group',
    await call(groups.createGroup, {
      ...as,
      body: {
        group_name: `Grupo ${unique()}`,
        group_description: 'Respuestas',
        project,
        admin: [ga.uuid],
        user: [ug.uuid],
      },
    }),
  ).uuid;
  const industry = ok('industries', await call(societies.listIndustries, as))[0]?.uuid as string;
  const created = ok(
    'society',
    await call(societies.createSociety, {
      ...as,
      body: societyBody(group, {
        company_code: 'RES',
        industry_type: industry,
        society_email: 'contacto@respuestas.cl',
        user: [us.uuid],
        tax_module: 'True',
      }),
    }),
  );
  const society = created.uuid;
  const rut = created.society_rut as string;
  for (const person of [ug, us]) {
    ok(
      'user_documentation',
      await call(users.patchUser, { ...as, params: { uuid: person.uuid }, body: { user_documentation: true } }),
    );
  }
  const people = { SUPER_ADMIN: root, PROJECT_ADMIN: pa, GROUP_ADMIN: ga, USER_GROUP: ug, USER_SOCIETY: us };
  const tokens = Object.fromEntries(
    await Promise.all(
      ROLES.map(async (role) => [role, role === 'SUPER_ADMIN' ? sa : (await signIn(people[role].email)).access]),
    ),
  ) as Record<Role, string>;

  const module = async (module_type: 'REPORT' | 'ACCOUNTING') =>
    ok(
      'module',
      await call(modules.createModule, { ...as, body: { module_name: `Respuestas ${unique()}`, module_type } }),
    ).uuid;
  const [reportModule, accountingModule] = await Promise.all([module('REPORT'), module('ACCOUNTING')]);
  const report = ok(
    'report',
    await call(reports.createReport, {
      ...as,
      body: {
        report_name: `Tablero ${unique()}`,
        menu_name: 'Tablero',
        description: 'Respuestas',
        tool_type: 'BUILT_IN',
        builtin_dashboard: 'PORTAL_ACTIVITY',
        module: reportModule,
        ...EVERY_ROLE,
        project_list: [project],
      },
    }),
  ).uuid;
  const assignments = await statementAssignments(sa, { project_list: [project] });
  const chart = await upload(accounting.importAccountingChart, sa, { society }, { name: 'plan.csv', data: CHART_CSV });
  if (!chart.body?.imported) throw new Error(`chart: ${JSON.stringify(chart.body)}`);
  const ledger = await upload(
    accounting.importAccountingLedger,
    sa,
    { society },
    { name: 'l.csv', data: ledgerCsv(rut) },
  );
  if (!ledger.body?.imported) throw new Error(`ledger: ${JSON.stringify(ledger.body)}`);

  const template = ok(
    'template folder',
    await call(folders.createFolderTemplate, { ...as, body: { project, folder_name: `Carpeta ${unique()}` } }),
  ).uuid;
  const document = ok(
    'document',
    await uploadSmall(sa, { society, folder: template }, `respuestas-${unique()}.pdf`, PDF),
  ).uuid as string;
  const year = String(new Date().getUTCFullYear());
  ok('tax document', await uploadSmall(sa, { society, form: 'F29', year }, `f29-${unique()}.pdf`, PDF));
  const share = ok('share link', await call(documents.createShareToken, { ...as, params: { uuid: document } }));
  const ticket = ok(
    'ticket',
    await call(external.postSupportTicket, {
      token: tokens.USER_SOCIETY,
      body: { subject: 'Respuestas', description: 'Consulta de prueba.' },
    }),
  ).uuid;
  const thread = ok(
    'thread',
    await call(messages.createThread, {
      token: tokens.USER_SOCIETY,
      params: { uuid: society },
      body: { subject: 'Respuestas', body: 'Consulta de prueba.' },
    }),
  ).uuid;
  ok(
    'thread answer',
    await call(messages.postThreadMessage, { ...as, params: { uuid: thread }, body: { body: 'Respuesta.' } }),
  );
  const request = await newRequest(sa, society);
  await deliverFile(tokens.USER_SOCIETY, request.uuid, request.items[0]);
  ok(
    'no aplica',
    await call(requests.answerRequestItemNotApplicable, {
      token: tokens.USER_GROUP,
      params: { uuid: request.uuid, item: request.items[1] },
      body: { comment: 'No hubo movimientos.' },
    }),
  );
  ok(
    'return',
    await call(requests.reviewRequestItem, {
      token: tokens.GROUP_ADMIN,
      params: { uuid: request.uuid, item: request.items[1] },
      body: { decision: 'RETURN', comment: 'Sí los hubo.' },
    }),
  );
  const requestTemplate = ok(
    'request template',
    await call(requests.createRequestTemplate, {
      ...as,
      body: { project, name: 'Respuestas', items: [{ name: 'Libro de compras' }], recurrence: { kind: 'MONTHLY_F29' } },
    }),
  ).uuid;
  ok(
    'request schedule',
    await call(requests.createRequestSchedule, {
      ...as,
      body: { template: requestTemplate, target: { kind: 'GROUP', uuid: group } },
    }),
  );
  const invitation = ok(
    'invitation',
    await call(registration.generateInvitation, {
      ...as,
      body: { user_role: 'USER_SOCIETY', email: `invitado-${unique()}@prueba.cl`, society: [society] },
    }),
  ).uuid;
  // What the pickers of free admins and the report references list show.
  await createTestUser('PROJECT_ADMIN');
  ok(
    'report reference',
    await call(reports.putReportReference, {
      ...as,
      body: { reporte: report, usuario: us.uuid, cant_see: false },
    }),
  );
  const notifications = ok(
    'notifications',
    await call(documents.listNotifications, { token: tokens.USER_SOCIETY }),
  ).results;
  const notification = notifications[0]?.uuid;
  if (!notification) throw new Error('the society user has no notification of the uploads');
  const { keys } = await tableAccess();
  await asWrittenBeforeDirectories([
    keys.project(project),
    keys.group(group),
    keys.society(society),
    ...Object.values(people).map((person) => keys.user(person.uuid)),
    keys.invitation(invitation),
  ]);
  return {
    tokens,
    people,
    project,
    portalUrl,
    group,
    society,
    rut,
    industry,
    reportModule,
    accountingModule,
    report,
    assignments,
    template,
    document,
    share: { uuid: share.uuid, token: share.token },
    ticket,
    thread,
    request,
    requestTemplate,
    invitation,
    notification,
  };
}

/**
 * Makes items look as those written before the listing directories look in AWS: they still hold the first
 * design's index keys and list attributes, which no writer adds now (and a rewrite must not carry over).
 */
async function asWrittenBeforeDirectories(itemKeys: Array<{ pk: string; sk: string }>) {
  const { dynamo, lib, tableName } = await tableAccess();
  for (const Key of itemKeys) {
    await dynamo.send(
      new lib.UpdateCommand({
        TableName: tableName,
        Key,
        UpdateExpression:
          'SET gsi1pk = :pk, gsi1sk = :sk, gsi2pk = :pk, gsi2sk = :sk, gsi3pk = :pk, gsi3sk = :sk, ' +
          'search_text = :text, name_sort = :text, last_name_sort = :text',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':pk': `LEGACY#${Key.pk}`, ':sk': Key.sk, ':text': 'texto de la lista' },
      }),
    );
  }
}

/** The world's id of a kind; every caller of the world may reach it. */
function idOf(kind: Kind): string {
  const ids: Partial<Record<Kind, string>> = {
    project: w.project,
    group: w.group,
    society: w.society,
    user: w.people.USER_SOCIETY.uuid,
    invitation: w.invitation,
    industry: w.industry,
    document: w.document,
    folderTemplate: w.template,
    shareLink: w.share.uuid,
    notification: w.notification,
    ticket: w.ticket,
    thread: w.thread,
    request: w.request.uuid,
    requestTemplate: w.requestTemplate,
    module: w.reportModule,
    report: w.report,
    assignment: w.assignments.balance8columns,
  };
  const id = ids[kind];
  if (!id) throw new Error(`no ${kind} id in the world: give the contract a recipe`);
  return id;
}

/** Query values a GET needs beside its ids (the ledger of buildWorld holds 2019-01 to 2019-03). */
function queryValues(contract: Contract): Record<string, string> {
  const family = familyOf(contract);
  if (family) {
    const periods: Record<string, string> = contract.id.endsWith('Detail')
      ? family === 'cashflow'
        ? { period: '2019-02', flujo: 'cobros_clientes' }
        : { period: '2019-02', cod_cta: '1.1.01' }
      : contract.id.endsWith('Report')
        ? family === 'balance8columns'
          ? { year: '2019', month: '3' }
          : family === 'cashflow'
            ? { year: '2019' }
            : { start_period: '2019-03', end_period: '2019-02', report_type: 'COMPARE' }
        : {};
    return { assignment: w.assignments[family], ...periods };
  }
  const values: Record<string, Record<string, string>> = {
    // A SUPER_ADMIN asks about a group's firm; the group is every admin's here.
    checkSocietyRut: { rut: w.rut, group: w.group },
    downloadDocument: { format: 'json' },
    accountingViewerSocieties: { assignment: w.assignments.balance8columns },
    // A year the committed rules hold, whatever year the tests run in.
    getTaxRules: { year: '2026' },
    getSocietyTaxCalendar: { year: '2026' },
  };
  return values[contract.id] ?? {};
}

const admits = (contract: Contract, caller: Caller) =>
  contract.access === 'public' || (caller !== 'PUBLIC' && (contract.access as readonly Role[]).includes(caller));

/**
 * A GET called from its contract alone: path ids and required query ids of the world, by kind; once without the
 * optional filters, once with every optional id filter set; by every role it admits (a public one, without a token).
 */
function genericGet(contract: Contract): Invocation[] {
  const params = Object.fromEntries(
    pathParamNames(contract.path).map((name) => {
      const kind = pathParamKind(contract, name);
      if (!kind) throw new Error(`path {${name}} is not classified (test/helpers/contract-inputs.ts)`);
      return [name, idOf(kind)];
    }),
  );
  const given = queryValues(contract);
  const required: Record<string, string> = {};
  const filters: Record<string, string> = {};
  for (const [name, field] of Object.entries(shapeOf(contract.query))) {
    if (name in given) continue;
    const kind = fieldKind(name, field, contract);
    const optional = field.safeParse(undefined).success;
    if (kind && kind !== 'value') (optional ? filters : required)[name] = idOf(kind);
    else if (!optional) throw new Error(`query ${name} is required and has no value here (queryValues)`);
  }
  const query = { ...required, ...given };
  const variants = [
    { query, note: 'no filters' },
    ...(Object.keys(filters).length > 0 ? [{ query: { ...query, ...filters }, note: 'every id filter' }] : []),
  ];
  const callers: Caller[] = contract.access === 'public' ? ['PUBLIC'] : ROLES.filter((r) => admits(contract, r));
  return callers.flatMap((as) => variants.map((v) => ({ as, params, ...v, note: `${as}, ${v.note}` })));
}

/** A body from the contract's own samples, with the world's ids (contract-inputs.ts). */
const bodyOf = (contract: Contract, extra: Record<string, unknown> = {}) => ({
  ...sampleBody(contract, (kind, list) => (list ? [idOf(kind)] : idOf(kind))),
  ...extra,
});

const multipart = (
  fields: Record<string, string>,
  file: { field: string; name: string; data: Uint8Array | string; type: string },
) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const bytes = typeof file.data === 'string' ? new TextEncoder().encode(file.data) : file.data;
  form.set(file.field, new Blob([new Uint8Array(bytes)], { type: file.type }), file.name);
  return form;
};

/** A fresh person of the world's society, signed in, for the calls that change or end a person. */
async function freshPerson(role: Role = 'USER_SOCIETY') {
  const person = await createTestUser(role, [w.project]);
  const tokens = await signIn(person.email);
  return { ...person, ...tokens };
}

const asSuperAdmin = () => ({ token: w.tokens.SUPER_ADMIN });

const newProject = async () =>
  ok('project', await call(projects.createProject, { ...asSuperAdmin(), body: bodyOf(projects.createProject) })).uuid;
const newGroup = async () =>
  ok('group', await call(groups.createGroup, { ...asSuperAdmin(), body: bodyOf(groups.createGroup) })).uuid;
const newSociety = async () =>
  ok('society', await call(societies.createSociety, { ...asSuperAdmin(), body: bodyOf(societies.createSociety) })).uuid;
const newIndustry = async () =>
  ok('industry', await call(societies.createIndustry, { ...asSuperAdmin(), body: bodyOf(societies.createIndustry) }))
    .uuid;
const newModule = async () =>
  ok('module', await call(modules.createModule, { ...asSuperAdmin(), body: bodyOf(modules.createModule) })).uuid;
const newRegistryEntry = async () =>
  ok(
    'registry entry',
    await call(dashboardRegistry.createRegistryEntry, {
      ...asSuperAdmin(),
      body: bodyOf(dashboardRegistry.createRegistryEntry),
    }),
  ).uuid;
const newArticle = async () =>
  ok(
    'chatbot article',
    await call(chatbot.createChatbotArticle, {
      ...asSuperAdmin(),
      query: { project: w.project },
      body: bodyOf(chatbot.createChatbotArticle),
    }),
  ).id;
/** A monthly request template of the world's project, scheduled nowhere. */
const newRequestTemplate = async () =>
  ok(
    'request template',
    await call(requests.createRequestTemplate, {
      ...asSuperAdmin(),
      body: bodyOf(requests.createRequestTemplate, { project: w.project }),
    }),
  ).uuid;
const newTemplate = async () =>
  ok(
    'template folder',
    await call(folders.createFolderTemplate, { ...asSuperAdmin(), body: bodyOf(folders.createFolderTemplate) }),
  ).uuid;
const newDocument = async () =>
  ok(
    'document',
    await uploadSmall(w.tokens.SUPER_ADMIN, { society: w.society, folder: w.template }, `${unique()}.pdf`, PDF),
  ).uuid as string;
const newShare = async () =>
  ok('share link', await call(documents.createShareToken, { ...asSuperAdmin(), params: { uuid: w.document } }));
const reportBody = () => ({
  report_name: `Tablero ${unique()}`,
  menu_name: 'Tablero',
  description: 'Respuestas',
  tool_type: 'BUILT_IN',
  builtin_dashboard: 'INDICATORS',
  module: w.reportModule,
  ...EVERY_ROLE,
  project_list: [w.project],
});
const assignmentBody = () => ({
  accounting_type: 'FINANCIAL_SITUATION',
  menu_name: `Situación ${unique()}`,
  description: 'Respuestas',
  module: w.accountingModule,
  ...EVERY_ROLE,
  project_list: [w.project],
});
const newInvitation = async (email = `invitado-${unique()}@prueba.cl`) => ({
  email,
  uuid: ok(
    'invitation',
    await call(registration.generateInvitation, {
      ...asSuperAdmin(),
      body: { user_role: 'USER_SOCIETY', email, society: [w.society] },
    }),
  ).uuid,
});
const invitationToken = async () => {
  const { email } = await newInvitation();
  return await mailedInvitationToken(email);
};
const resetToken = async () => {
  const { email } = await createTestUser('USER_SOCIETY', [w.project]);
  ok('password reset', await call(registration.requestPasswordReset, { body: { email } }));
  return await mailedResetToken(email);
};
/** A large ledger upload started (as SUPER_ADMIN), its file in S3 when `put`. */
async function ledgerJob(put: boolean) {
  const data = Buffer.from(ledgerCsv(w.rut), 'utf8');
  const start = ok(
    'ledger upload',
    await call(accounting.requestLedgerUpload, {
      ...asSuperAdmin(),
      body: { society: w.society, file_name: 'libro.csv', file_size: data.length, content_type: 'text/csv' },
    }),
  );
  if (put) {
    const form = new FormData();
    for (const [k, v] of Object.entries(start.upload.fields)) form.set(k, v);
    form.set('file', new Blob([new Uint8Array(data)], { type: 'text/csv' }), 'libro.csv');
    const posted = await fetch(start.upload.url, { method: 'POST', body: form });
    if (posted.status >= 300) throw new Error(`ledger file to S3: ${posted.status}`);
  }
  return start.job.uuid;
}

/**
 * A ticket of the world's USER_SOCIETY with an attached PDF and the firm's answer: its answers must show
 * the attachment without its object key.
 */
/** An attachment of the society's conversation, uploaded by `as` and carried by no message yet. */
async function messageUpload(as: Role) {
  const start = ok(
    'message attachment',
    await call(messages.createMessageAttachmentUpload, {
      token: w.tokens[as],
      params: { uuid: w.society },
      body: { file_name: 'adjunto.pdf', file_size: PDF.length, content_type: 'application/pdf' },
    }),
  );
  const form = new FormData();
  for (const [k, v] of Object.entries(start.fields)) form.set(k, v);
  form.set('file', new Blob([PDF], { type: 'application/pdf' }), 'adjunto.pdf');
  const posted = await fetch(start.url, { method: 'POST', body: form });
  if (posted.status >= 300) throw new Error(`message attachment to S3: ${posted.status}`);
  return start.upload;
}

async function ticketWithFile() {
  const start = ok(
    'ticket attachment',
    await call(external.createTicketAttachmentUpload, {
      token: w.tokens.USER_SOCIETY,
      body: { file_name: 'adjunto.pdf', file_size: PDF.length, content_type: 'application/pdf' },
    }),
  );
  const form = new FormData();
  for (const [k, v] of Object.entries(start.fields)) form.set(k, v);
  form.set('file', new Blob([PDF], { type: 'application/pdf' }), 'adjunto.pdf');
  const posted = await fetch(start.url, { method: 'POST', body: form });
  if (posted.status >= 300) throw new Error(`ticket attachment to S3: ${posted.status}`);
  const ticket = ok(
    'ticket with a file',
    await call(external.postSupportTicket, {
      token: w.tokens.USER_SOCIETY,
      body: { subject: 'Con adjunto', description: 'Consulta con adjunto.', attachments: [start.upload] },
    }),
  ).uuid;
  ok(
    'answer',
    await call(external.postSupportTicketMessage, {
      token: w.tokens.PROJECT_ADMIN,
      params: { uuid: ticket },
      body: { description: 'Respuesta de la firma.' },
    }),
  );
  return { ticket, file: start.upload };
}

/** A sign-in of a fresh SUPER_ADMIN waiting for its second factor (`enrol`: after a reset, so it must enrol). */
async function secondFactorChallenge(enrol: boolean): Promise<string> {
  const { uuid, email } = await createTestUser('SUPER_ADMIN');
  if (enrol) ok('reset', await call(secondFactor.resetSecondFactor, { ...asSuperAdmin(), params: { uuid } }));
  const answer = ok('password', await call(postToken, { body: { email, password: DEMO_PASSWORD } }));
  return answer.second_factor?.challenge as string;
}

const NEW_PASSWORD = 'Respuestas.Clave9';
const passwords = { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD };

/**
 * How to call the contracts the generic GET cannot: writes (each on a target of its own where it changes or ends
 * one), and reads that need a live token or job. Keyed by contract id.
 */
const RECIPES: Record<string, (contract: Contract) => Promise<Invocation[]>> = {
  // Sessions and the public pages.
  postBrowsingLog: async (c) => [
    { as: 'USER_SOCIETY', body: bodyOf(c) },
    { as: 'SUPER_ADMIN', body: bodyOf(c) },
  ],
  // The sign-in history: each role reads its own (its sign-in is in it), an admin a user of its detail.
  listUserSignIns: async () => [
    ...ROLES.map((as): Invocation => ({ as, params: { uuid: w.people[as].uuid }, note: `${as}, its own` })),
    { as: 'PROJECT_ADMIN', params: { uuid: w.people.USER_SOCIETY.uuid }, note: 'PROJECT_ADMIN, a user in scope' },
  ],
  postPersonalizationLogin: async () => [{ as: 'PUBLIC', body: { custom_portal_url: w.portalUrl } }],
  postSessionLogout: async () => [{ as: 'PUBLIC', body: { refresh: (await freshPerson()).refresh } }],
  postToken: async () => {
    const { email } = await createTestUser('USER_SOCIETY', [w.project]);
    return [{ as: 'PUBLIC', body: { email, password: DEMO_PASSWORD } }];
  },
  postTokenRefresh: async () => [{ as: 'PUBLIC', body: { refresh: (await freshPerson()).refresh } }],
  // The second factor: a SUPER_ADMIN's sign-in (enrolled with the demo's secret) waits for its code, or enrols.
  postSecondFactor: async () => {
    const challenge = await secondFactorChallenge(false);
    const code = await generate({ secret: DEMO_TOTP_SECRET, epoch: Math.floor(Date.now() / 1000) });
    return [{ as: 'PUBLIC', body: { challenge, code, trust_device: true } }];
  },
  postSecondFactorEnrolment: async () => [{ as: 'PUBLIC', body: { challenge: await secondFactorChallenge(true) } }],
  resetSecondFactor: async () => [
    { as: 'SUPER_ADMIN', params: { uuid: (await createTestUser('USER_SOCIETY', [w.project])).uuid } },
  ],
  // A fresh person's own enrolment from its profile, and its first code computed from the secret it was given.
  postOwnSecondFactorEnrolment: async () => {
    const { access } = await signIn((await createTestUser('USER_SOCIETY', [w.project])).email);
    return [{ as: 'USER_SOCIETY', token: access }];
  },
  postOwnSecondFactor: async () => {
    const { access } = await signIn((await createTestUser('USER_SOCIETY', [w.project])).email);
    const { secret } = ok('enrol', await call(secondFactor.postOwnSecondFactorEnrolment, { token: access }));
    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) });
    return [{ as: 'USER_SOCIETY', token: access, body: { code } }];
  },
  // Passkeys: a fresh person's session on a portal that is no firm's, a software authenticator's answers.
  postPasskeyRegistrationOptions: async () => {
    const { access } = await signIn((await createTestUser('USER_SOCIETY', [w.project])).email, undefined, {
      portal: NEUTRAL_PORTAL,
    });
    return [{ as: 'USER_SOCIETY', token: access, portal: NEUTRAL_PORTAL, body: CONFIRMED }];
  },
  postPasskeyRegistration: async () => {
    const { email } = await createTestUser('USER_SOCIETY', [w.project]);
    const { access } = await signIn(email, undefined, { portal: NEUTRAL_PORTAL });
    const options = await registrationOptions(access);
    const response = new SoftPasskey().create(options as never, NEUTRAL_PORTAL);
    return [{ as: 'USER_SOCIETY', token: access, portal: NEUTRAL_PORTAL, body: { name: 'Mi notebook', response } }];
  },
  deletePasskey: async () => {
    const { access, uuid } = await registeredPasskey((await createTestUser('USER_SOCIETY', [w.project])).email);
    return [{ as: 'USER_SOCIETY', token: access, portal: NEUTRAL_PORTAL, params: { uuid } }];
  },
  postPasskeySignInOptions: async () => [{ as: 'PUBLIC', portal: NEUTRAL_PORTAL }],
  postPasskeySignIn: async () => {
    const { passkey } = await registeredPasskey((await createTestUser('USER_SOCIETY', [w.project])).email);
    return [{ as: 'PUBLIC', portal: NEUTRAL_PORTAL, body: { response: await passkeyAssertion(passkey) } }];
  },
  // Projects, groups, societies, industries.
  createProject: async (c) => [{ as: 'SUPER_ADMIN', body: bodyOf(c) }],
  deleteProject: async () => [{ as: 'SUPER_ADMIN', params: { uuid: await newProject() } }],
  patchProject: async (c) => [{ as: 'SUPER_ADMIN', params: { uuid: w.project }, body: bodyOf(c) }],
  createGroup: async (c) => [
    { as: 'SUPER_ADMIN', body: bodyOf(c) },
    { as: 'PROJECT_ADMIN', body: bodyOf(c) },
  ],
  deleteGroup: async () => [{ as: 'SUPER_ADMIN', params: { uuid: await newGroup() } }],
  patchGroup: async (c) => [{ as: 'PROJECT_ADMIN', params: { uuid: w.group }, body: bodyOf(c) }],
  createIndustry: async (c) => [{ as: 'SUPER_ADMIN', body: bodyOf(c) }],
  deleteIndustry: async () => [{ as: 'SUPER_ADMIN', params: { uuid: await newIndustry() } }],
  patchIndustry: async (c) => [{ as: 'SUPER_ADMIN', params: { uuid: await newIndustry() }, body: bodyOf(c) }],
  createSociety: async (c) => [
    { as: 'SUPER_ADMIN', body: bodyOf(c) },
    { as: 'GROUP_ADMIN', body: bodyOf(c) },
  ],
  deleteSociety: async () => [{ as: 'SUPER_ADMIN', params: { uuid: await newSociety() } }],
  patchSociety: async (c) => [{ as: 'GROUP_ADMIN', params: { uuid: w.society }, body: bodyOf(c) }],
  // People, invitations, passwords.
  confirmEmailChange: async () => {
    const person = await createTestUser('USER_SOCIETY', [w.project]);
    const next = `nuevo-${unique()}@prueba.cl`;
    ok(
      'e-mail change',
      await call(users.patchUser, { ...asSuperAdmin(), params: { uuid: person.uuid }, body: { email: next } }),
    );
    const mail = await waitForMail(next, 'Confirma tu nuevo correo');
    const token = /\/email_confirm\/([A-Za-z0-9_-]+)/.exec(mail.body.text ?? '')?.[1];
    return [{ as: 'PUBLIC', body: { token } }];
  },
  deleteUser: async () => [
    { as: 'SUPER_ADMIN', params: { uuid: (await createTestUser('USER_SOCIETY', [w.project])).uuid } },
  ],
  patchUser: async (c) => [
    { as: 'SUPER_ADMIN', params: { uuid: (await createTestUser('USER_SOCIETY', [w.project])).uuid }, body: bodyOf(c) },
    { as: 'GROUP_ADMIN', params: { uuid: w.people.USER_SOCIETY.uuid }, body: bodyOf(c) },
  ],
  patchUserProfile: async () =>
    (['USER_SOCIETY', 'SUPER_ADMIN'] as const).map((as) => ({
      as,
      form: multipart({}, { field: 'image', name: 'avatar.png', data: PNG, type: 'image/png' }),
    })),
  patchDocumentDigest: async () => [{ as: 'USER_SOCIETY', body: { document_digest: true } }],
  // The link the digest job writes with its mail (functions/documents/document-digest.ts).
  unsubscribeDocumentDigest: async () => {
    await tableAccess();
    const [{ newToken }, { transactWrite }] = await Promise.all([
      import('../../functions/lib/data/tokens'),
      import('../../functions/lib/data/transact'),
    ]);
    const link = newToken('DIGEST', (await createTestUser('USER_SOCIETY', [w.project])).uuid);
    await transactWrite([link.write]);
    return [{ as: 'PUBLIC', body: { token: link.token } }];
  },
  updatePassword: async () => {
    const person = await freshPerson();
    return [{ as: 'USER_SOCIETY', token: person.access, body: { current_password: DEMO_PASSWORD, ...passwords } }];
  },
  confirmPasswordReset: async () => [{ as: 'PUBLIC', query: { token: await resetToken() } }],
  requestPasswordReset: async () => [
    { as: 'PUBLIC', body: { email: (await createTestUser('USER_SOCIETY', [w.project])).email } },
  ],
  resetPassword: async () => [{ as: 'PUBLIC', body: { token: await resetToken(), ...passwords } }],
  deleteInvitation: async () => [{ as: 'SUPER_ADMIN', params: { id: (await newInvitation()).uuid } }],
  generateInvitation: async () => [
    {
      as: 'SUPER_ADMIN',
      body: { user_role: 'USER_SOCIETY', email: `invitado-${unique()}@prueba.cl`, society: [w.society] },
    },
    {
      as: 'GROUP_ADMIN',
      body: { user_role: 'USER_SOCIETY', email: `invitado-${unique()}@prueba.cl`, society: [w.society] },
    },
  ],
  importUsersCsv: async () => {
    const society = ok('society', await call(societies.getSociety, { ...asSuperAdmin(), params: { uuid: w.society } }));
    const csv = [
      'email,first_name,last_name,rut_user,user_role,project,group,society',
      `csv-${unique()}@prueba.cl,Ana,Pérez,,USER_SOCIETY,${society.project.project_name},,${society.society_rut}`,
    ].join('\n');
    const form = multipart({}, { field: 'file_csv', name: 'u.csv', data: csv, type: 'text/csv' });
    return [{ as: 'SUPER_ADMIN', form }];
  },
  registerInvitation: async () => [
    { as: 'PUBLIC', body: { token: await invitationToken(), first_name: 'Ana', last_name: 'Pérez', ...passwords } },
  ],
  resendInvitation: async () => [{ as: 'SUPER_ADMIN', params: { id: (await newInvitation()).uuid } }],
  verifyInvitation: async () => [{ as: 'PUBLIC', query: { token: await invitationToken() } }],
  // Folders and documents.
  createFolderTemplate: async (c) => [
    { as: 'SUPER_ADMIN', body: bodyOf(c) },
    { as: 'SUPER_ADMIN', body: bodyOf(c, { main_folder: w.template }), note: 'a subfolder' },
  ],
  deleteFolderTemplate: async () => [{ as: 'SUPER_ADMIN', params: { uuid: await newTemplate() } }],
  patchFolderTemplate: async (c) => [{ as: 'SUPER_ADMIN', params: { uuid: await newTemplate() }, body: bodyOf(c) }],
  createDocumentUpload: async () => [
    {
      as: 'SUPER_ADMIN',
      body: { society: w.society, folder: w.template, file_name: `${unique()}.pdf`, file_size: PDF.length },
    },
  ],
  confirmDocumentUpload: async () => {
    // Started and uploaded as locally (in AWS mode the presigned form would point at a virtual-hosted bucket).
    const start = ok(
      'document upload',
      await call(documents.createDocumentUpload, {
        ...asSuperAdmin(),
        body: { society: w.society, folder: w.template, file_name: `${unique()}.pdf`, file_size: PDF.length },
      }),
    );
    const form = new FormData();
    for (const [k, v] of Object.entries(start.fields)) form.set(k, v);
    form.set('file', new Blob([PDF], { type: 'application/pdf' }), 'subido.pdf');
    const posted = await fetch(start.url, { method: 'POST', body: form });
    if (posted.status >= 300) throw new Error(`document to S3: ${posted.status}`);
    return [{ as: 'SUPER_ADMIN', params: { uuid: start.upload } }];
  },
  deleteDocument: async () => [{ as: 'SUPER_ADMIN', params: { uuid: await newDocument() } }],
  downloadSharedDocument: async () => [{ as: 'PUBLIC', query: { token: (await newShare()).token, format: 'json' } }],
  markNotificationsRead: async () => [
    { as: 'USER_SOCIETY', body: { notification: w.notification } },
    { as: 'USER_SOCIETY', body: {} },
  ],
  patchDocument: async (c) => [{ as: 'SUPER_ADMIN', params: { uuid: w.document }, body: bodyOf(c) }],
  revokeShareLink: async () => [{ as: 'SUPER_ADMIN', params: { uuid: (await newShare()).uuid } }],
  uploadDocument: async () => [
    {
      as: 'SUPER_ADMIN',
      form: multipart(
        { society: w.society, folder: w.template },
        { field: 'file', name: `${unique()}.pdf`, data: PDF, type: 'application/pdf' },
      ),
    },
  ],
  // Support, contact, chatbot.
  patchSupportTicket: async (c) => [{ as: 'SUPER_ADMIN', params: { uuid: w.ticket }, body: bodyOf(c) }],
  postContactEmail: async (c) => [{ as: 'PUBLIC', body: bodyOf(c) }],
  postSupportTicket: async (c) => [{ as: 'USER_SOCIETY', body: bodyOf(c) }],
  // A ticket is read by its sender and the admins in scope, not by the group's admin or user.
  getSupportTicket: async () => {
    const { ticket } = await ticketWithFile();
    return (['USER_SOCIETY', 'PROJECT_ADMIN', 'SUPER_ADMIN'] as const).map((as) => ({ as, params: { uuid: ticket } }));
  },
  ticketAttachmentLink: async () => {
    const { file } = await ticketWithFile();
    return (['USER_SOCIETY', 'PROJECT_ADMIN'] as const).map((as) => ({ as, params: { file } }));
  },
  postSupportTicketMessage: async (c) => [
    { as: 'USER_SOCIETY', params: { uuid: w.ticket }, body: bodyOf(c) },
    { as: 'PROJECT_ADMIN', params: { uuid: w.ticket }, body: bodyOf(c), note: "the firm's answer" },
  ],
  createTicketAttachmentUpload: async () => [
    { as: 'USER_SOCIETY', body: { file_name: 'adjunto.pdf', file_size: PDF.length, content_type: 'application/pdf' } },
  ],
  askChatbot: async (c) => [{ as: 'USER_SOCIETY', body: bodyOf(c) }],
  // Document requests: made for a society and a group, the board and the clients' lists, a client's answers and files,
  // the firm's review and cancel.
  createRequest: async (c) => [
    { as: 'PROJECT_ADMIN', body: bodyOf(c, { target: { kind: 'SOCIETY', uuid: w.society } }) },
    { as: 'GROUP_ADMIN', body: bodyOf(c, { target: { kind: 'GROUP', uuid: w.group } }) },
    {
      as: 'PROJECT_ADMIN',
      body: bodyOf(c, {
        target: { kind: 'GROUP', uuid: w.group },
        items: [{ name: 'Formulario', template_file: await requestFileUpload(w.tokens.PROJECT_ADMIN, w.project) }],
      }),
      note: 'with a template file',
    },
  ],
  listRequests: async (): Promise<Invocation[]> => [
    { as: 'SUPER_ADMIN', query: { project: w.project } },
    { as: 'PROJECT_ADMIN', query: {} },
    { as: 'PROJECT_ADMIN', query: { state: 'PARTIAL', society: w.society } },
    { as: 'GROUP_ADMIN', query: { group: w.group, limit: '1' } },
    { as: 'USER_GROUP', query: {} },
    { as: 'USER_SOCIETY', query: { society: w.society } },
  ],
  cancelRequest: async () => [
    { as: 'PROJECT_ADMIN', params: { uuid: (await newRequest(w.tokens.PROJECT_ADMIN, w.society)).uuid } },
  ],
  // An item's template file: its upload started by both admin roles; a request naming one answers its name and size
  // (not its uuid), and every side downloads it.
  createRequestFileUpload: async () =>
    (['PROJECT_ADMIN', 'GROUP_ADMIN'] as const).map((as) => ({
      as,
      body: { project: w.project, file_name: 'formulario.pdf', file_size: PDF.length, content_type: 'application/pdf' },
    })),
  requestItemTemplateFile: async () => {
    const withFile = ok(
      'request with a template file',
      await call(requests.createRequest, {
        token: w.tokens.PROJECT_ADMIN,
        body: {
          batch: randomUUID(),
          target: { kind: 'SOCIETY', uuid: w.society },
          title: `Con plantilla ${unique()}`,
          due_date: '2030-01-31',
          items: [{ name: 'Formulario', template_file: await requestFileUpload(w.tokens.PROJECT_ADMIN, w.project) }],
        },
      }),
    ).results[0]?.uuid as string;
    const item = ok(
      'request',
      await call(requests.getRequest, { token: w.tokens.USER_SOCIETY, params: { uuid: withFile } }),
    ).items[0]?.uuid as string;
    return (['USER_SOCIETY', 'USER_GROUP', 'GROUP_ADMIN', 'PROJECT_ADMIN'] as const).map((as) => ({
      as,
      params: { uuid: withFile, item },
    }));
  },
  createRequestItemUpload: async (c) => [
    { as: 'USER_SOCIETY', params: { uuid: w.request.uuid, item: w.request.items[2] }, body: bodyOf(c) },
  ],
  confirmRequestItemUpload: async () => [
    {
      as: 'USER_GROUP',
      params: { uuid: await startedItemUpload(w.tokens.USER_GROUP, w.request.uuid, w.request.items[2]) },
    },
  ],
  answerRequestItemNotApplicable: async (c) => [
    { as: 'USER_SOCIETY', params: { uuid: w.request.uuid, item: w.request.items[1] }, body: bodyOf(c) },
  ],
  reviewRequestItem: async () => {
    const fresh = await newRequest(w.tokens.PROJECT_ADMIN, w.society);
    await deliverFile(w.tokens.USER_SOCIETY, fresh.uuid, fresh.items[0]);
    return [{ as: 'GROUP_ADMIN', params: { uuid: fresh.uuid, item: fresh.items[0] }, body: { decision: 'ACCEPT' } }];
  },
  // A society's conversation, from both sides.
  createThread: async (c) => {
    const about = await newRequest(w.tokens.PROJECT_ADMIN, w.society);
    return [
      { as: 'USER_SOCIETY', params: { uuid: w.society }, body: bodyOf(c) },
      { as: 'GROUP_ADMIN', params: { uuid: w.society }, body: bodyOf(c) },
      {
        as: 'USER_SOCIETY',
        params: { uuid: w.society },
        body: bodyOf(c, { request_item: { request: about.uuid, item: about.items[0] } }),
        note: 'about a request item',
      },
    ];
  },
  postThreadMessage: async (c) => [
    { as: 'USER_GROUP', params: { uuid: w.thread }, body: bodyOf(c) },
    { as: 'PROJECT_ADMIN', params: { uuid: w.thread }, body: bodyOf(c) },
    {
      as: 'USER_SOCIETY',
      params: { uuid: w.thread },
      body: bodyOf(c, { attachments: [await messageUpload('USER_SOCIETY')] }),
      note: 'with an attachment',
    },
  ],
  createMessageAttachmentUpload: async () =>
    (['USER_SOCIETY', 'GROUP_ADMIN'] as const).map((as) => ({
      as,
      params: { uuid: w.society },
      body: { file_name: 'adjunto.pdf', file_size: PDF.length, content_type: 'application/pdf' },
    })),
  // A file a message of the world's thread carries, downloaded by both sides.
  messageAttachmentLink: async () => {
    const upload = await messageUpload('USER_SOCIETY');
    ok(
      'message with a file',
      await call(messages.postThreadMessage, {
        token: w.tokens.USER_SOCIETY,
        params: { uuid: w.thread },
        body: { body: 'Con adjunto.', attachments: [upload] },
      }),
    );
    return (['USER_SOCIETY', 'USER_GROUP', 'PROJECT_ADMIN'] as const).map((as) => ({ as, params: { uuid: upload } }));
  },
  markThreadRead: async () => [
    { as: 'USER_SOCIETY', params: { uuid: w.thread } },
    { as: 'PROJECT_ADMIN', params: { uuid: w.thread } },
  ],
  createChatbotArticle: async (c) => [
    { as: 'PROJECT_ADMIN', query: { project: w.project }, body: bodyOf(c) },
    { as: 'SUPER_ADMIN', query: { project: w.project }, body: bodyOf(c) },
  ],
  patchChatbotArticle: async (c) => [
    { as: 'PROJECT_ADMIN', params: { uuid: await newArticle() }, query: { project: w.project }, body: bodyOf(c) },
  ],
  deleteChatbotArticle: async () => [
    { as: 'PROJECT_ADMIN', params: { uuid: await newArticle() }, query: { project: w.project } },
  ],
  // Modules, reports, accounting assignments.
  createModule: async (c) => [{ as: 'SUPER_ADMIN', body: bodyOf(c) }],
  deleteModule: async () => [{ as: 'SUPER_ADMIN', params: { uuid: await newModule() } }],
  patchModule: async (c) => [{ as: 'SUPER_ADMIN', params: { uuid: await newModule() }, body: bodyOf(c) }],
  createReport: async () => [
    { as: 'SUPER_ADMIN', body: reportBody() },
    { as: 'PROJECT_ADMIN', body: reportBody() },
  ],
  deleteReport: async () => [
    {
      as: 'SUPER_ADMIN',
      params: { uuid: ok('report', await call(reports.createReport, { ...asSuperAdmin(), body: reportBody() })).uuid },
    },
  ],
  patchReport: async (c) => [{ as: 'PROJECT_ADMIN', params: { uuid: w.report }, body: bodyOf(c) }],
  // The registry of embeddable dashboards: SUPER_ADMIN's.
  createRegistryEntry: async (c) => [{ as: 'SUPER_ADMIN', body: bodyOf(c) }],
  patchRegistryEntry: async (c) => [{ as: 'SUPER_ADMIN', params: { uuid: await newRegistryEntry() }, body: bodyOf(c) }],
  deleteRegistryEntry: async () => [{ as: 'SUPER_ADMIN', params: { uuid: await newRegistryEntry() } }],
  putReportReference: async () => [
    { as: 'SUPER_ADMIN', body: { reporte: w.report, usuario: w.people.USER_GROUP.uuid, cant_see: false } },
  ],
  createAccountingAssignment: async () => [
    { as: 'SUPER_ADMIN', body: assignmentBody() },
    { as: 'PROJECT_ADMIN', body: assignmentBody() },
  ],
  deleteAccountingAssignment: async () => [
    {
      as: 'SUPER_ADMIN',
      params: {
        uuid: ok(
          'assignment',
          await call(accountingAssignments.createAccountingAssignment, { ...asSuperAdmin(), body: assignmentBody() }),
        ).uuid,
      },
    },
  ],
  patchAccountingAssignment: async (c) => [
    { as: 'PROJECT_ADMIN', params: { uuid: w.assignments.balance8columns }, body: bodyOf(c) },
  ],
  // Accounting imports.
  importAccountingChart: async () => [
    {
      as: 'GROUP_ADMIN',
      form: multipart({ society: w.society }, { field: 'file', name: 'plan.csv', data: CHART_CSV, type: 'text/csv' }),
    },
  ],
  importAccountingLedger: async () => [
    {
      as: 'GROUP_ADMIN',
      form: multipart(
        { society: w.society },
        { field: 'file', name: 'libro.csv', data: ledgerCsv(w.rut), type: 'text/csv' },
      ),
    },
  ],
  requestLedgerUpload: async () => [
    {
      as: 'SUPER_ADMIN',
      body: { society: w.society, file_name: 'libro.csv', file_size: 1024, content_type: 'text/csv' },
    },
  ],
  confirmLedgerUpload: async () => [{ as: 'SUPER_ADMIN', body: { job: await ledgerJob(true) } }],
  // The tax calendar: a year's rules, a society's settings, a filing with and without its form.
  putTaxRules: async (c) => [{ as: 'SUPER_ADMIN', body: bodyOf(c) }],
  putSocietyTaxSettings: async () => [
    { as: 'GROUP_ADMIN', params: { uuid: w.society }, body: { f29_online: true, f50: false, declarations: [] } },
  ],
  markTaxObligationFiled: async () => [
    { as: 'GROUP_ADMIN', params: { uuid: w.society }, body: { form: 'F22', period: '2026' } },
    {
      as: 'SUPER_ADMIN',
      params: { uuid: w.society },
      form: multipart(
        { form: 'F29', period: '2026-01' },
        { field: 'file', name: `${unique()}.pdf`, data: PDF, type: 'application/pdf' },
      ),
      note: 'with the filed form',
    },
  ],
  withdrawTaxFiling: async () => {
    ok(
      'filing',
      await call(taxCalendar.markTaxObligationFiled, {
        ...asSuperAdmin(),
        params: { uuid: w.society },
        body: { form: 'F29', period: '2026-03' },
      }),
    );
    return [{ as: 'GROUP_ADMIN', params: { uuid: w.society }, body: { form: 'F29', period: '2026-03' } }];
  },
  // Document requests: templates, schedules (each over a fresh template: one schedule per template and target) and
  // the reminders' switches (the link the reminder job writes with its mail).
  createRequestTemplate: async (c) => [
    { as: 'PROJECT_ADMIN', body: bodyOf(c, { project: w.project }) },
    {
      as: 'PROJECT_ADMIN',
      body: bodyOf(c, {
        project: w.project,
        items: [{ name: 'Formulario', template_file: await requestFileUpload(w.tokens.PROJECT_ADMIN, w.project) }],
      }),
      note: 'with a template file',
    },
  ],
  putRequestTemplate: async (c) => [
    { as: 'SUPER_ADMIN', params: { uuid: await newRequestTemplate() }, body: bodyOf(c) },
  ],
  deleteRequestTemplate: async () => [{ as: 'PROJECT_ADMIN', params: { uuid: await newRequestTemplate() } }],
  createRequestSchedule: async () => [
    { as: 'GROUP_ADMIN', body: { template: await newRequestTemplate(), target: { kind: 'SOCIETY', uuid: w.society } } },
  ],
  deleteRequestSchedule: async () => {
    const schedule = ok(
      'request schedule',
      await call(requests.createRequestSchedule, {
        ...asSuperAdmin(),
        body: { template: await newRequestTemplate(), target: { kind: 'GROUP', uuid: w.group } },
      }),
    ).uuid;
    return [{ as: 'GROUP_ADMIN', params: { uuid: schedule } }];
  },
  putRequestReminderPreference: async () => [
    { as: 'USER_SOCIETY', body: { reminders: true } },
    { as: 'PROJECT_ADMIN', body: { reminders: false } },
  ],
  unsubscribeRequestReminders: async () => {
    await tableAccess();
    const [{ newToken }, { transactWrite }] = await Promise.all([
      import('../../functions/lib/data/tokens'),
      import('../../functions/lib/data/transact'),
    ]);
    const link = newToken('REMINDER', (await createTestUser('USER_SOCIETY', [w.project])).uuid);
    await transactWrite([link.write]);
    return [{ as: 'PUBLIC', body: { token: link.token } }];
  },
  putMessageNoticePreference: async () => [
    { as: 'USER_SOCIETY', body: { notices: true } },
    { as: 'PROJECT_ADMIN', body: { notices: true } },
  ],
  unsubscribeMessageNotices: async () => {
    await tableAccess();
    const [{ newToken }, { transactWrite }] = await Promise.all([
      import('../../functions/lib/data/tokens'),
      import('../../functions/lib/data/transact'),
    ]);
    const link = newToken('NOTICE', (await createTestUser('USER_SOCIETY', [w.project])).uuid);
    await transactWrite([link.write]);
    return [{ as: 'PUBLIC', body: { token: link.token } }];
  },
  ledgerUploadStatus: async () => [{ as: 'SUPER_ADMIN', query: { job: await ledgerJob(false) } }],
};

/** The paths of an answer that its contract's parse of it does not keep: `results[].pk` for every row's pk. */
function unshown(answer: unknown, shown: unknown, path = ''): string[] {
  if (Array.isArray(answer) && Array.isArray(shown)) {
    return answer.flatMap((item, i) => unshown(item, shown[i], `${path}[]`));
  }
  if (answer && shown && typeof answer === 'object' && typeof shown === 'object') {
    return Object.entries(answer).flatMap(([name, value]) => {
      const at = path ? `${path}.${name}` : name;
      return name in shown ? unshown(value, (shown as Record<string, unknown>)[name], at) : [at];
    });
  }
  return [];
}

beforeAll(async () => {
  w = await buildWorld();
}, 180_000);

test('every contract that answers JSON is called, or skipped with its reason', () => {
  const known = new Map(contracts.map((c) => [c.id, c]));
  expect(Object.keys(SKIPPED).filter((id) => !known.has(id) || known.get(id)?.fileResponse)).toEqual([]);
  expect(Object.keys(RECIPES).filter((id) => !known.has(id))).toEqual([]);
  const jsonContracts = contracts.filter((c) => !c.fileResponse);
  const uncallable = jsonContracts.filter((c) => !RECIPES[c.id] && !SKIPPED[c.id] && c.method !== 'GET');
  expect(
    uncallable.map((c) => c.id),
    'writes with no recipe: add one to RECIPES (or a justified entry to SKIPPED)',
  ).toEqual([]);
  expect(jsonContracts.length).toBeGreaterThan(100);
});

describe.each(contracts.map((c) => [`${c.id}: ${c.method} ${c.path}`, c] as const))('%s', (_, contract) => {
  const reason = skipReason(contract);
  test.skipIf(Boolean(reason))(
    `answers as in AWS carry only what the contract shows${reason ? ` (skipped: ${reason})` : ''}`,
    async () => {
      const recipe = RECIPES[contract.id];
      if (!recipe && contract.method !== 'GET') throw new Error(`${contract.id}: no recipe (add one to RECIPES)`);
      const invocations = recipe ? await recipe(contract) : genericGet(contract);
      expect(invocations.length).toBeGreaterThan(0);
      // A list must show some row to some caller, or its rows' shape goes unchecked.
      let lists = 0;
      let rows = 0;
      for (const call of invocations) {
        const token = call.token ?? (call.as === 'PUBLIC' ? undefined : w.tokens[call.as]);
        const what = `${contract.id} as ${call.note ?? call.as}`;
        const answer = await invokeInProcess(contract, {
          token,
          params: call.params,
          query: call.query,
          body: call.body,
          form: call.form,
          portal: call.portal,
          asInAws: true,
        });
        expect(answer.status, `${what}: ${JSON.stringify(answer.body).slice(0, 400)}`).toBeGreaterThanOrEqual(200);
        expect(answer.status, `${what}: ${JSON.stringify(answer.body).slice(0, 400)}`).toBeLessThan(300);
        const shown = contract.response.parse(answer.body);
        expect.soft([...new Set(unshown(answer.body, shown))], `${what}: attributes no contract shows`).toEqual([]);
        expect.soft(answer.body, what).toEqual(shown);
        const body = answer.body as unknown;
        const page = Array.isArray(body) ? body : (body as { results?: unknown }).results;
        if (Array.isArray(page)) {
          lists += 1;
          rows += page.length;
        }
      }
      if (lists > 0) expect(rows, `${contract.id}: no call answered a row (give the world one)`).toBeGreaterThan(0);
    },
  );
});
