import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import { STATEMENT_FAMILIES } from '../../shared/contracts/accounting';
import { type Contract, pathParamNames } from '../../shared/contracts/define';
import type { Kind } from './tenant-world';

/**
 * What each input name of the contract table denotes, so a generated test knows which id to put there. A contract
 * with a name that is not classified here fails `unclassified()`: whoever adds it must say what it is, and its
 * isolation and fuzz cases then follow without a test of its own.
 */

/** Path ids by the path that leads to them (api/v1/ dropped): `{uuid}` means a different thing in each area. */
const PATH_ID_KINDS: Record<string, Kind> = {
  'projects/project/{uuid}': 'project',
  'projects/detail/pdf/{uuid}': 'project',
  'groups/group/{uuid}': 'group',
  'groups/detail/pdf/{uuid}': 'group',
  'societies/society/{uuid}': 'society',
  'societies/detail/pdf/{uuid}': 'society',
  // The tax calendar of a society.
  'tax-calendar/society/{uuid}': 'society',
  'societies/industry-type/{uuid}': 'industry',
  'users/user/{uuid}': 'user',
  'register/invitations/{id}': 'invitation',
  // Documents and folders.
  'documents/document/{uuid}': 'document',
  'documents/download/{uuid}': 'document',
  'documents/share/token/{uuid}': 'document',
  'documents/share/links/{uuid}': 'document',
  'documents/share/link/{uuid}': 'shareLink',
  'documents/upload-url/{uuid}': 'upload',
  'folder-templates/folder/{uuid}': 'folderTemplate',
  // Support tickets.
  'external/zoho/desk/ticket/{uuid}': 'ticket',
  // A ticket's attachment, an upload once attached (no world case: support-conversation.test.ts proves that
  // another client, another firm's admin and a group admin get 404)
  'external/zoho/desk/attachment/{file}': 'upload',
  // A society's conversation: its threads by the society, a thread by its own id.
  'messages/society/{uuid}': 'society',
  'messages/thread/{uuid}': 'thread',
  // A message's attachment: the document a message of a thread carries.
  'messages/attachment/{uuid}': 'messageFile',
  // Document requests: a request by its own id, an item inside it, an item's upload as a document's (the caller's own,
  // short-lived: requests.test.ts proves another's answers 404).
  'requests/request/{uuid}': 'request',
  'requests/request/{uuid}/item/{item}': 'requestItem',
  'requests/upload/{uuid}': 'upload',
  // Document requests: a project's template, a recurring schedule.
  'requests/template/{uuid}': 'requestTemplate',
  'requests/schedule/{uuid}': 'requestSchedule',
  // Modules (global), reports and accounting assignments.
  'modules/module/administration/{uuid}': 'module',
  'modules/reports/report/{uuid}': 'report',
  'modules/reports/get-report/{id}': 'report',
  'modules/reports/dashboard/{id}': 'report',
  'modules/accounting/report/{uuid}': 'assignment',
  // The registry of embeddable dashboards (global, SUPER_ADMIN's).
  'modules/reports/registry/{uuid}': 'registryEntry',
  // A chatbot article: addressed inside its list (the `project` query, or the shared list), never across lists.
  'external/chatbot/articles/{uuid}': 'chatbotArticle',
  // A passkey: the caller's own (no world case: passkeys.test.ts proves another user's answers 404).
  'users/passkeys/passkey/{uuid}': 'passkey',
};

/** Query and body names: the kind an id there denotes, or 'value' for what is not an id. */
const FIELD_KINDS: Record<string, Kind | 'value'> = {
  project: 'project',
  group: 'group',
  society: 'society',
  user: 'user',
  admin: 'user',
  industry_type: 'industry',
  limit: 'value',
  offset: 'value',
  // Entra ID's answer to the Microsoft sign-in's callback, and a firm's Entra ID tenant (Microsoft's id, none of ours).
  microsoft_tenant: 'value',
  code: 'value',
  state: 'value',
  error: 'value',
  search: 'value',
  societySearch: 'value',
  // How a societies search matches (contains, prefix)
  match: 'value',
  ordering: 'value',
  user_role: 'value',
  tax_module: 'value',
  token: 'value',
  // Documents and folders.
  folder: 'folderTemplate',
  main_folder: 'folderTemplate',
  notification: 'notification',
  form: 'value',
  year: 'value',
  type: 'value',
  format: 'value',
  days: 'value',
  // The ticket list's status filter
  status: 'value',
  // A ticket message's attachments are the caller's uploads (short-lived while pending, no world case:
  // support-conversation.test.ts proves another's answers as missing)
  attachments: 'upload',
  // Reports and accounting assignments: their targets, module, and report references.
  project_list: 'project',
  group_list: 'group',
  society_list: 'society',
  module: 'module',
  module_type: 'value',
  enable: 'value',
  reporte: 'report',
  usuario: 'user',
  cant_see: 'value',
  // The registry choices' tool filter.
  tool_type: 'value',
  // accounting statements (year and type above)
  month: 'value',
  rule: 'value',
  money_type: 'value',
  report_type: 'value',
  start_period: 'value',
  end_period: 'value',
  period: 'value',
  cod_cta: 'value',
  parent1: 'value',
  // the accounting assignment a statement is opened through
  assignment: 'assignment',
  flujo: 'value',
  // Large ledger imports: the job is a pending large upload, as a document upload is (short-lived, no world case;
  // accounting-large-import.test.ts proves another caller's job answers 404), and the file's description.
  job: 'upload',
  file_name: 'value',
  file_size: 'value',
  content_type: 'value',
  // A position in a cursor-paged list (the conversation's), opaque and checked against its list.
  cursor: 'value',
  // The RUT the society wizard checks on leaving step 1.
  rut: 'value',
  // Document requests: the caller's own batch id (a retry's).
  batch: 'value',
  // The tax calendar: a year's rules, a society's settings (form and period above).
  rules: 'value',
  f29_online: 'value',
  f50: 'value',
  declarations: 'value',
  // Document requests: the template a schedule applies or a request names (a board's filter), the reminders' switch.
  template: 'requestTemplate',
  reminders: 'value',
  // The notices of new messages' switch; a new thread's request item (an object: messages-request-link.test.ts proves
  // another firm's and a sibling group's request answer 404).
  notices: 'value',
  request_item: 'value',
};

const API_PREFIX = 'api/v1/';

function pathKey(contract: Contract, param: string): string {
  const path = contract.path.startsWith(API_PREFIX) ? contract.path.slice(API_PREFIX.length) : contract.path;
  const end = path.indexOf(`{${param}}`) + param.length + 2;
  return path.slice(0, end);
}

export function pathParamKind(contract: Contract, param: string): Kind | undefined {
  return PATH_ID_KINDS[pathKey(contract, param)];
}

/** The fields of an object schema (the contract's query or body), or none. */
export function shapeOf(schema: z.ZodMiniType | undefined): Record<string, z.ZodMiniType> {
  return schema instanceof z.ZodMiniObject ? (schema.shape as Record<string, z.ZodMiniType>) : {};
}

/** Does this field take ids (a uuid, or a list of them), judged by the schema itself rather than by its name? */
function takesIds(field: z.ZodMiniType): boolean {
  const id = randomUUID();
  const acceptsId = field.safeParse(id).success || field.safeParse([id]).success;
  const acceptsText = field.safeParse('not-an-id').success || field.safeParse(['not-an-id']).success;
  return acceptsId && !acceptsText;
}

/**
 * Query names whose kind depends on the endpoint: a picker's `uuids` (the selected items it must show on an edit
 * form) names societies, groups or projects in the pickers of those, and people in the others.
 */
const QUERY_KINDS_BY_PATH: Record<string, Record<string, Kind>> = {
  'societies/user/list/': { uuids: 'society' },
  'groups/user/group/': { uuids: 'group' },
  'projects/user/project/': { uuids: 'project' },
};
const QUERY_KINDS: Record<string, Kind> = { uuids: 'user' };

export function fieldKind(name: string, field: z.ZodMiniType, contract?: Contract): Kind | 'value' | undefined {
  const path = contract?.path.startsWith(API_PREFIX) ? contract.path.slice(API_PREFIX.length) : contract?.path;
  const byPath = path ? QUERY_KINDS_BY_PATH[path]?.[name] : undefined;
  const kind = byPath ?? (contract ? QUERY_KINDS[name] : undefined) ?? FIELD_KINDS[name];
  // A field that takes only ids must say which entity they are, whatever its name.
  if (kind === 'value' && takesIds(field)) return undefined;
  return kind;
}

/** Names of a contract that no table above classifies (the matrix fails on any). */
export function unclassified(contract: Contract): string[] {
  const missing: string[] = [];
  for (const param of pathParamNames(contract.path)) {
    if (!pathParamKind(contract, param)) missing.push(`path {${param}} of ${pathKey(contract, param)}`);
  }
  for (const [name, field] of Object.entries(shapeOf(contract.query))) {
    if (!fieldKind(name, field, contract)) missing.push(`query ${name}`);
  }
  for (const [name, field] of Object.entries(shapeOf(contract.body))) {
    if (takesIds(field) && !FIELD_KINDS[name]) missing.push(`body ${name}`);
  }
  return missing;
}

/** Query names of a contract that take tenant ids, with their kind. */
export function queryIdFields(contract: Contract): Array<{ name: string; kind: Kind }> {
  return Object.entries(shapeOf(contract.query)).flatMap(([name, field]) => {
    const kind = fieldKind(name, field, contract);
    return kind && kind !== 'value' ? [{ name, kind }] : [];
  });
}

/** Body fields of a contract that take ids, with their kind and whether they take a list. */
export function bodyIdFields(contract: Contract): Array<{ name: string; kind: Kind; list: boolean }> {
  return Object.entries(shapeOf(contract.body)).flatMap(([name, field]) => {
    const kind = FIELD_KINDS[name];
    if (!kind || kind === 'value' || !takesIds(field)) return [];
    return [{ name, kind, list: !field.safeParse(randomUUID()).success }];
  });
}

let serial = 0;
const next = () => {
  serial += 1;
  return `${Date.now().toString(36)}${serial}`;
};

/**
 * Valid values for the non-id fields the contracts require, by name. Names and e-mails are fresh on every call so a
 * body never collides with a uniqueness rule. A required field with no sample makes `sampleBody` throw.
 */
const SAMPLES: Record<string, () => unknown> = {
  project_name: () => `Muestra ${next()}`,
  client_name: () => 'Cliente SpA',
  associated_service_description: () => 'Contabilidad',
  service_description: () => 'Portal',
  group_name: () => `Grupo ${next()}`,
  group_description: () => 'Descripción',
  society_business_name: () => `Sociedad ${next()} SpA`,
  business_line: () => 'Servicios',
  company_code: () => 'MUE',
  society_email: () => 'contacto@muestra.cl',
  society_contact_name: () => 'Juan Pérez',
  society_phone_number: () => '+56911112222',
  tax_module: () => 'False',
  industry: () => `Industria ${next()}`,
  user_role: () => 'USER_SOCIETY',
  email: () => `muestra-${next()}@prueba.cl`,
  first_name: () => 'Cambiado',
  last_name: () => 'Muestra',
  refresh: () => 'x'.repeat(40),
  password: () => 'Muestra.Clave9',
  password_confirmation: () => 'Muestra.Clave9',
  current_password: () => 'Portal.Demo1',
  token: () => 'x'.repeat(40),
  browsing_url: () => 'https://portal.example.cl/inicio',
  browsing_module: () => 'inicio',
  browsing_view: () => 'inicio',
  custom_portal_url: () => 'https://portal.example.cl',
  // Documents and folders.
  folder_name: () => `Carpeta ${next()}`,
  document_name: () => `Documento ${next()}`,
  file_name: () => `archivo-${next()}.pdf`,
  file_size: () => 1024,
  // Contact message and support ticket
  subject: () => 'Consulta de prueba',
  // A chatbot article's title, text and source.
  title: () => `Artículo ${next()}`,
  body: () => 'Texto del artículo de prueba.',
  source: () => 'Servicio de Impuestos Internos',
  description: () => 'Descripción de prueba',
  status: () => 'CLOSED',
  question: () => '¿Hasta cuándo se declara el F29?',
  // Reports, modules and accounting assignments.
  menu_name: () => `Menú ${next()}`,
  report_name: () => `Reporte ${next()}`,
  tool_type: () => 'BUILT_IN',
  module_name: () => `Módulo ${next()}`,
  module_type: () => 'REPORT',
  accounting_type: () => 'BALANCE_8_COLUMNS',
  cant_see: () => true,
  document_digest: () => true,
  // Large ledger imports: the file's type, and a job nobody has (its real jobs are the caller's own).
  content_type: () => 'text/csv',
  job: () => '00000000-0000-4000-8000-00000000a0b0',
  // A valid RUT (rut-available is asked about a group's firm).
  rut: () => '11111111-1',
  // The second factor: a sign-in's challenge that no sign-in made (its real ones live five minutes, no world case:
  // second-factor.test.ts proves a challenge is taken once and only on its portal).
  challenge: () => 'x'.repeat(43),
};

/** Valid values for the non-id query fields a contract requires (a filter case adds its own ids beside them). */
export function requiredQueryValues(contract: Contract): Array<[string, string]> {
  const ids = new Set(queryIdFields(contract).map((f) => f.name));
  return Object.entries(shapeOf(contract.query))
    .filter(([name, field]) => !ids.has(name) && !field.safeParse(undefined).success)
    .map(([name]) => {
      const sample = SAMPLES[name];
      if (!sample) throw new Error(`${contract.id}: no sample for required query field ${name} (add one to SAMPLES)`);
      return [name, String(sample())];
    });
}

/**
 * Fields whose valid value depends on the contract rather than the name (a registry entry's tool is not a report's),
 * set whether required or not.
 */
/**
 * The sample texts that are the same on every call ('Descripción de prueba'): every file that builds bodies from
 * here sends them, so finding one in a changed item says nothing of which request wrote it.
 */
export const FIXED_SAMPLE_TEXTS: readonly string[] = Object.values(SAMPLES)
  .map((sample) => [sample(), sample()] as const)
  .filter(([first, second]) => first === second && typeof first === 'string')
  .map(([first]) => first as string);

const CONTRACT_SAMPLES: Record<string, Record<string, () => unknown>> = {
  // A year no test reads, so the SUPER_ADMIN's sample save changes no calendar.
  putTaxRules: {
    year: () => 2099,
    rules: () => ({
      holidays: [{ date: '2099-01-01', name: 'Año Nuevo' }],
      f29: { day: 12, online_day: 20 },
      f22: { due: '2099-04-30' },
      f50: { day: 12 },
      declarations: [],
      sources: ['Muestra'],
    }),
  },
  putSocietyTaxSettings: { f29_online: () => false, f50: () => true, declarations: () => ['1887'] },
  // F22 of the tax year the committed rules hold (no file: a filing without its form).
  markTaxObligationFiled: { form: () => 'F22', period: () => '2026' },
  withdrawTaxFiling: { form: () => 'F22', period: () => '2026' },
  // A QuickSight dashboard, registered once each.
  createRegistryEntry: {
    tool_type: () => 'QUICKSIGHT',
    name: () => `Tablero ${next()}`,
    aws_id_dashboard: () => `tablero-${crypto.randomUUID()}`,
  },
  patchRegistryEntry: { name: () => `Tablero ${next()}` },
  // A well-formed code of no enrolment (refused 401; second-factor-voluntary.test.ts sends right ones).
  postOwnSecondFactor: { code: () => '000000' },
  // Passkeys: a well-formed answer of no authenticator to no challenge (refused 400/401; passkeys.test.ts signs real
  // ones with a software authenticator).
  postPasskeyRegistration: {
    name: () => `Llave ${next()}`,
    response: () => ({
      id: 'AAAA',
      rawId: 'AAAA',
      type: 'public-key',
      response: { clientDataJSON: 'e30', attestationObject: 'oA' },
      clientExtensionResults: {},
    }),
  },
  postPasskeySignIn: {
    response: () => ({
      id: 'AAAA',
      rawId: 'AAAA',
      type: 'public-key',
      response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
      clientExtensionResults: {},
    }),
  },
  // A document request to no society (its scope is proved by requests.test.ts and the world's own requests).
  createRequest: {
    batch: () => randomUUID(),
    target: () => ({ kind: 'SOCIETY', uuid: randomUUID() }),
    title: () => `Solicitud ${next()}`,
    due_date: () => '2030-01-31',
    items: () => [{ name: `Libro ${next()}` }],
  },
  answerRequestItemNotApplicable: { comment: () => `No aplica ${next()}` },
  reviewRequestItem: { decision: () => 'RETURN', comment: () => `Devuelto ${next()}` },
  // A conversation's texts, fresh so a message found in a thread names the request that wrote it.
  createThread: { subject: () => `Consulta ${next()}`, body: () => `Mensaje ${next()}` },
  postThreadMessage: { body: () => `Mensaje ${next()}` },
  // A monthly request template (a schedule's sample names its target apart: the isolation matrix's BODY_EXTRAS).
  createRequestTemplate: {
    name: () => `Plantilla ${next()}`,
    items: () => [{ name: 'Libro de compras' }],
    recurrence: () => ({ kind: 'MONTHLY_F29', offset_days: -5, lead_days: 10 }),
  },
  putRequestTemplate: {
    name: () => `Plantilla ${next()}`,
    items: () => [{ name: 'Libro de ventas' }],
    recurrence: () => ({ kind: 'MONTHLY_F29', offset_days: -5, lead_days: 10 }),
  },
  createRequestSchedule: { target: () => ({ kind: 'PROJECT', uuid: '00000000-0000-4000-8000-00000000a0b1' }) },
  putRequestReminderPreference: { reminders: () => true },
  putMessageNoticePreference: { notices: () => true },
};

/**
 * A minimal valid body for the contract: its required fields (ids from `idFor`), and for a PATCH one field that
 * changes something, so a handler that skipped its scope check would leave a trace. Checked against the contract's
 * own schema, so the sample table cannot drift from it unnoticed.
 */
export function sampleBody(
  contract: Contract,
  idFor: (kind: Kind, list: boolean) => string | string[],
): Record<string, unknown> | undefined {
  if (!contract.body) return undefined;
  const body: Record<string, unknown> = {};
  const ids = new Map(bodyIdFields(contract).map((f) => [f.name, f]));
  let changes = contract.method !== 'PATCH';
  const own = CONTRACT_SAMPLES[contract.id] ?? {};
  for (const [name, field] of Object.entries(shapeOf(contract.body))) {
    const sampleOfContract = own[name];
    if (sampleOfContract) {
      body[name] = sampleOfContract();
      changes = true;
      continue;
    }
    const required = !field.safeParse(undefined).success;
    const id = ids.get(name);
    if (required && id) body[name] = idFor(id.kind, id.list);
    else if (required) {
      const sample = SAMPLES[name];
      if (!sample) throw new Error(`${contract.id}: no sample for required body field ${name} (add one to SAMPLES)`);
      body[name] = sample();
    } else if (!changes && !id && SAMPLES[name] && name !== 'email' && name !== 'user_role') {
      body[name] = (SAMPLES[name] as () => unknown)();
      changes = true;
    }
  }
  if ('password_confirmation' in body) body.password_confirmation = body.password;
  const checked = contract.body.safeParse(body);
  if (!checked.success) throw new Error(`${contract.id}: sample body is invalid: ${checked.error.message}`);
  return body;
}

/** The accounting statement family a contract belongs to (its path says it), if it is a statement's. */
export const familyOf = (contract: Contract) =>
  STATEMENT_FAMILIES.find((f) => contract.path.startsWith(`api/v1/accounting/${f}/`));
