import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { DEMO_ACCOUNTS } from '../../local/demo-accounts';
import type { StatementFamily } from '../../shared/contracts/accounting';
import * as accounting from '../../shared/contracts/accounting';
import * as folders from '../../shared/contracts/folders';
import * as groups from '../../shared/contracts/groups';
import * as messages from '../../shared/contracts/messages';
import * as modules from '../../shared/contracts/modules';
import * as projects from '../../shared/contracts/projects';
import * as registration from '../../shared/contracts/registration';
import * as reports from '../../shared/contracts/reports';
import * as requests from '../../shared/contracts/requests';
import * as societies from '../../shared/contracts/societies';
import * as users from '../../shared/contracts/users';
import type { Role } from '../../shared/roles';
import { CHART_CSV, ledgerCsv, statementAssignments, upload } from '../integration/accounting-helpers';
import { uploadSmall } from '../integration/documents-fixture';
import { call, ok, signIn } from './api';
import { createTestUser } from './db';
import { freshRut, unique } from './fresh';
import { societyBody } from './societies';
import { buildContent } from './tenant-world-content';

/**
 * A small tenant world of its own, built through the API as SUPER_ADMIN, so a file proving isolation neither reads nor
 * changes the demo data other files use:
 *
 *   project A ─ group A1 ─ society A1a (the home society) and society A1b (its sibling)
 *             └ group A2 ─ society A2a                        (the sibling group)
 *   project B ─ group B1 ─ society B1a                        (another project)
 *
 * Every entity carries a tag saying where it lives: 'home' (A, A1, A1a and the callers), 'siblingSociety' (A1b),
 * 'siblingGroup' (A2, A2a) and 'otherProject' (B, B1, B1a). A caller's scope is a set of tags; every other tag is
 * another tenant for it.
 */
export const TAGS = ['home', 'siblingSociety', 'siblingGroup', 'otherProject'] as const;
export type Tag = (typeof TAGS)[number];

/**
 * Entity kinds an id may denote. 'industry' and 'module' are global (not a tenant's), so they give no isolation case;
 * nor do 'upload' (a pending large upload, short-lived), 'notification' and 'passkey' (one user's own), which the
 * world does not hold (documents*.test.ts and passkeys.test.ts prove theirs). Every other kind is in TENANT_KINDS: the world holds one per tag.
 */
export type Kind =
  | 'project'
  | 'group'
  | 'society'
  | 'user'
  | 'invitation'
  | 'industry'
  // Document-repository ids.
  | 'document'
  | 'folderTemplate'
  | 'shareLink'
  | 'upload'
  | 'notification'
  // A passkey: one user's own, like a notification.
  | 'passkey'
  // A support ticket.
  | 'ticket'
  // A society's conversation thread ('Mensajes').
  | 'thread'
  // A document request ('Solicitudes') of a society; its items are addressed inside it, so they are no case of their
  // own (requests.test.ts proves another request's item answers 404).
  | 'request'
  | 'requestItem'
  // A project's request template, and a recurring schedule of one over a society ('Solicitudes').
  | 'requestTemplate'
  | 'requestSchedule'
  | 'module'
  // A registered dashboard: global like a module, the SUPER_ADMIN's.
  | 'registryEntry'
  // A chatbot article; a firm's is reached only through its project (a tenant kind), so it is no case of its own.
  | 'chatbotArticle'
  | 'report'
  | 'assignment';
export const TENANT_KINDS = [
  'project',
  'group',
  'society',
  'user',
  'invitation',
  // The world's content, built by tenant-world-content.ts.
  'folderTemplate',
  'document',
  'shareLink',
  'report',
  'assignment',
  'ticket',
  'thread',
  'request',
  'requestTemplate',
  'requestSchedule',
] as const;
export type TenantKind = (typeof TENANT_KINDS)[number];

export interface Caller {
  name: string;
  demo?: boolean;
  role: Role;
  email: string;
  uuid: string;
  /** Tags the caller may see; the others are other tenants. */
  scope: readonly Tag[];
}

/**
 * What two firms share: an entity that firm A (home) and firm B (otherProject) both legitimately reach, as
 * each reaches it. A person is one user on both sides (`shared.user`: a USER_SOCIETY of A1a and of B1a, whose documents
 * firm B has opened to it and firm A has not). A company two firms serve is one society per firm with one RUT
 * (`shared.society`: A's in group A1, with A1a's client user; B's in group B1, with B1a's), each with its own document,
 * chart of accounts, ledger and accounting assignments (`company`); a search finds it by its RUT.
 */
export const SHARED_KINDS = ['user', 'society'] as const;
export type SharedKind = (typeof SHARED_KINDS)[number];

export interface SharedEntity {
  /** Its id as firm A reaches it, and as firm B does (the same uuid for a person). */
  home: string;
  otherProject: string;
  /** What a search of firm A's lists finds it by (a person's e-mail, a company's RUT). */
  search: string;
}

/** One firm's side of the company both serve: its society and what the firm keeps there. */
export interface CompanySide {
  society: string;
  name: string;
  document: string;
  /** A report targeted at this side's society alone. */
  report: string;
  /** A conversation thread of this side's society. */
  thread: string;
  /** A document request to this side's society. */
  request: string;
  /** An accounting assignment of each statement family over this side's society alone. */
  statements: Record<StatementFamily, string>;
}

export interface World {
  /**
   * A word every name, e-mail and description the world writes holds (users, projects, groups, societies,
   * invitations, documents, folders, reports, assignments, tickets), so a list searched for it answers the world's
   * rows whatever other files have added to the table.
   */
  mark: string;
  /**
   * Text only firm B's side of the shared company shows (its society's name, its document's name, its accounts'
   * names), so any answer holding it has shown B's side.
   */
  otherMark: string;
  /** The company both firms serve, per side (ids of `shared.society` and what hangs off each). */
  company: { rut: string; home: CompanySide; otherProject: CompanySide };
  /** Accounting assignments of each statement family over the home society (A1a), which has a chart and a ledger. */
  statements: Record<StatementFamily, string>;
  /** The home society's RUT (a ledger of it names it). */
  homeRut: string;
  /** A report module and an accounting module (global) for the writes that create a report or an assignment. */
  modules: { report: string; accounting: string };
  /** Ids of each kind per tag; `user` lists the users whose only memberships are under that tag. */
  ids: Record<Tag, Record<TenantKind, string[]>>;
  /** The entities firms A and B share (none of them is in `ids`: each belongs to two tags). */
  shared: Record<SharedKind, SharedEntity>;
  industry: string;
  callers: Caller[];
  tokens: Map<string, string>;
  superAdmin: string;
}

export type CallerSpec = Pick<Caller, 'name' | 'role' | 'scope'> & { demo?: boolean };

/**
 * The callers: the world's own, one per scoped role, with what each may see (admin-area §2: a project, a group, a
 * society); and the demo accounts but SUPER_ADMIN, for whom the whole world is another tenant. Demo callers get no
 * body cases: those write to the caller's own entities, and the demo data is shared with other files.
 */
export const CALLERS: ReadonlyArray<CallerSpec> = [
  { name: 'PROJECT_ADMIN of A', role: 'PROJECT_ADMIN', scope: ['home', 'siblingSociety', 'siblingGroup'] },
  { name: 'GROUP_ADMIN of A1', role: 'GROUP_ADMIN', scope: ['home', 'siblingSociety'] },
  { name: 'USER_GROUP of A1', role: 'USER_GROUP', scope: ['home', 'siblingSociety'] },
  { name: 'USER_SOCIETY of A1a', role: 'USER_SOCIETY', scope: ['home'] },
  ...DEMO_ACCOUNTS.filter((a) => a.role !== 'SUPER_ADMIN').map((a) => ({
    name: `demo ${a.role}`,
    role: a.role,
    scope: [],
    demo: true,
  })),
];

/**
 * Which kinds the world holds under each tag (known before it is built, so cases can be named at collection). A
 * template folder belongs to a project, so only home (A) and otherProject (B) hold one: A's is seen by every group of
 * A, and is in scope for every caller of A, which the tags say without skipping any case.
 */
const CONTENT_KINDS = [
  'document',
  'shareLink',
  'report',
  'assignment',
  'ticket',
  'thread',
  'request',
  'requestSchedule',
] as const;
export const KINDS_PER_TAG: Record<Tag, readonly TenantKind[]> = {
  home: ['project', 'group', 'society', 'user', 'invitation', 'folderTemplate', 'requestTemplate', ...CONTENT_KINDS],
  siblingSociety: ['society', 'user', 'invitation', ...CONTENT_KINDS],
  siblingGroup: ['group', 'society', 'user', 'invitation', ...CONTENT_KINDS],
  otherProject: [
    'project',
    'group',
    'society',
    'user',
    'invitation',
    'folderTemplate',
    'requestTemplate',
    ...CONTENT_KINDS,
  ],
};

/** How many users each tag holds (users whose memberships all lie under it); buildWorld checks it. */
export const USERS_PER_TAG: Record<Tag, number> = { home: 4, siblingSociety: 1, siblingGroup: 3, otherProject: 3 };

/** The chart of firm B's side of the shared company: the same accounts, named so only B's side shows them. */
const chartOf = (mark: string) =>
  CHART_CSV.split('\n')
    .map((line, i) => (i === 0 ? line : line.replace(/^([^;]*);([^;]*);/, `$1;$2 ${mark};`)))
    .join('\n');

const created = async <T>(what: string, answer: Promise<{ status: number; body: T }>) =>
  ok(`World: ${what}`, await answer);

export async function buildWorld(): Promise<World> {
  const mark = `zq${randomUUID().replaceAll('-', '').slice(0, 6)}`;
  const otherMark = `firmab${mark}`;
  // A SUPER_ADMIN of its own: the demo one is shared, and another file may end its sessions.
  const superAdmin = (await signIn((await createTestUser('SUPER_ADMIN')).email)).access;
  const as = { token: superAdmin };
  const industry = (await call(societies.listIndustries, as)).body[0]?.uuid as string;

  const project = async (admin: string[]) =>
    (
      await created(
        'project',
        call(projects.createProject, {
          ...as,
          body: {
            project_name: `Aislamiento ${mark} ${unique()}`,
            client_name: 'Cliente SpA',
            associated_service_description: 'Contabilidad',
            service_description: 'Portal',
            admin,
          },
        }),
      )
    ).uuid;
  const group = async (projectUuid: string, admin: string[], user: string[]) =>
    (
      await created(
        'group',
        call(groups.createGroup, {
          ...as,
          body: {
            group_name: `Grupo ${mark} ${unique()}`,
            group_description: 'Aislamiento',
            project: projectUuid,
            admin,
            user,
          },
        }),
      )
    ).uuid;
  const society = async (
    groupUuid: string,
    user: string[],
    named = { name: `Sociedad ${mark} ${unique()} SpA`, rut: freshRut() },
  ) =>
    (
      await created(
        'society',
        call(societies.createSociety, {
          ...as,
          body: societyBody(groupUuid, {
            society_business_name: named.name,
            society_rut: named.rut,
            company_code: 'ISO',
            industry_type: industry,
            society_email: 'contacto@aislamiento.cl',
            user,
          }),
        }),
      )
    ).uuid;
  const invitation = async (target: { project?: string[]; group?: string[]; society?: string[] }, role: Role) =>
    (
      await created(
        'invitation',
        call(registration.generateInvitation, {
          ...as,
          body: { user_role: role, email: `invitado-${mark}-${unique()}@prueba.cl`, ...target },
        }),
      )
    ).uuid;

  // Users first (a project or group takes its admins and members at creation), then the hierarchy around them.
  const paA = await createTestUser('PROJECT_ADMIN', [], mark);
  const paB = await createTestUser('PROJECT_ADMIN', [], mark);
  const A = await project([paA.uuid]);
  const B = await project([paB.uuid]);
  const [gaA1, ugA1, usA1a, usA1b, gaA2, ugA2, usA2a, gaB1, usB1a] = await Promise.all([
    createTestUser('GROUP_ADMIN', [A], mark),
    createTestUser('USER_GROUP', [A], mark),
    createTestUser('USER_SOCIETY', [A], mark),
    createTestUser('USER_SOCIETY', [A], mark),
    createTestUser('GROUP_ADMIN', [A], mark),
    createTestUser('USER_GROUP', [A], mark),
    createTestUser('USER_SOCIETY', [A], mark),
    createTestUser('GROUP_ADMIN', [B], mark),
    createTestUser('USER_SOCIETY', [B], mark),
  ]);
  // Independent creations run together: the world is built before every case of the matrix.
  const [A1, A2, B1] = await Promise.all([
    group(A, [gaA1.uuid], [ugA1.uuid]),
    group(A, [gaA2.uuid], [ugA2.uuid]),
    group(B, [gaB1.uuid], []),
  ]);
  // The person both firms share joins A1a, then B1a (each join is conditioned on the version it read).
  const person = await createTestUser('USER_SOCIETY', [A, B], mark);
  const homeRut = freshRut();
  const [A1a, A1b, A2a] = await Promise.all([
    society(A1, [usA1a.uuid, person.uuid], { name: `Sociedad ${mark} ${unique()} SpA`, rut: homeRut }),
    society(A1, [usA1b.uuid]),
    society(A2, [usA2a.uuid]),
  ]);
  // The company both firms serve: one RUT, a society in each firm (each user joins one society at a time).
  const company = { rut: freshRut(), A: `Compartida ${mark} ${unique()} SpA`, B: `Compartida ${otherMark} SpA` };
  const [B1a, companyA] = await Promise.all([
    society(B1, [usB1a.uuid, person.uuid]),
    society(A1, [usA1a.uuid], { name: company.A, rut: company.rut }),
  ]);
  const companyB = await society(B1, [usB1a.uuid], { name: company.B, rut: company.rut });

  const invitations = await Promise.all([
    invitation({ project: [A], group: [A1], society: [A1a] }, 'USER_SOCIETY'),
    invitation({ project: [A], group: [A1], society: [A1b] }, 'USER_SOCIETY'),
    invitation({ project: [A], group: [A2] }, 'USER_GROUP'),
    invitation({ project: [B], group: [B1] }, 'GROUP_ADMIN'),
  ]);
  // The home users may browse documents (portal §3 user_documentation), so a 404 on another tenant's document is
  // scope, not the missing flag; the matrix's positive control reads their own.
  await Promise.all(
    [ugA1, usA1a].map(async (u) =>
      created(
        'user_documentation',
        call(users.patchUser, { ...as, params: { uuid: u.uuid }, body: { user_documentation: true } }),
      ),
    ),
  );
  // Firm B opens its documents to the person it shares with A, through its own admin; firm A has not.
  await created(
    'shared user_documentation',
    call(users.patchUser, {
      token: (await signIn(paB.email)).access,
      params: { uuid: person.uuid },
      body: { user_documentation: true },
    }),
  );
  const shared: World['shared'] = {
    user: { home: person.uuid, otherProject: person.uuid, search: person.email },
    society: { home: companyA, otherProject: companyB, search: company.rut },
  };
  // Tickets are sent by a user of each tag; the home one by its USER_SOCIETY, as a caller would.
  const senders = await Promise.all([usA1a, usA1b, usA2a, usB1a].map(async (u) => (await signIn(u.email)).access));
  const [content, sides, statements, , [reportModule, accountingModule]] = await Promise.all([
    buildContent(
      superAdmin,
      {
        home: { project: A, templateOf: 'home', society: A1a, ticketSender: senders[0] as string },
        siblingSociety: { templateOf: 'home', society: A1b, ticketSender: senders[1] as string },
        siblingGroup: { templateOf: 'home', society: A2a, group: A2, ticketSender: senders[2] as string },
        otherProject: {
          project: B,
          templateOf: 'otherProject',
          society: B1a,
          group: B1,
          ticketSender: senders[3] as string,
        },
      },
      mark,
    ),
    Promise.all([
      companySide(superAdmin, {
        society: companyA,
        name: company.A,
        rut: company.rut,
        mark,
        folderOf: A,
        firmB: false,
      }),
      companySide(superAdmin, {
        society: companyB,
        name: company.B,
        rut: company.rut,
        mark: otherMark,
        folderOf: B,
        firmB: true,
      }),
    ]),
    statementAssignments(superAdmin, { society_list: [A1a] }),
    accountsOf(superAdmin, A1a, CHART_CSV, ledgerCsv(homeRut)),
    Promise.all(
      (['REPORT', 'ACCOUNTING'] as const).map(async (module_type) =>
        created(
          'module',
          call(modules.createModule, { ...as, body: { module_name: `Matriz ${mark} ${unique()}`, module_type } }),
        ).then((m) => m.uuid),
      ),
    ),
  ]);

  const ids: World['ids'] = {
    home: {
      project: [A],
      group: [A1],
      society: [A1a],
      user: [usA1a.uuid, ugA1.uuid, gaA1.uuid, paA.uuid],
      invitation: [invitations[0] as string],
      ...content.home,
    },
    siblingSociety: {
      project: [],
      group: [],
      society: [A1b],
      user: [usA1b.uuid],
      invitation: [invitations[1] as string],
      ...content.siblingSociety,
    },
    siblingGroup: {
      project: [],
      group: [A2],
      society: [A2a],
      user: [usA2a.uuid, ugA2.uuid, gaA2.uuid],
      invitation: [invitations[2] as string],
      ...content.siblingGroup,
    },
    otherProject: {
      project: [B],
      group: [B1],
      society: [B1a],
      user: [usB1a.uuid, gaB1.uuid, paB.uuid],
      invitation: [invitations[3] as string],
      ...content.otherProject,
    },
  };

  for (const tag of TAGS) {
    if (ids[tag].user.length !== USERS_PER_TAG[tag]) throw new Error(`World: USERS_PER_TAG.${tag} is out of date`);
  }
  const demo = inject('portal').demo;
  const accounts = [
    paA,
    gaA1,
    ugA1,
    usA1a,
    ...DEMO_ACCOUNTS.filter((a) => a.role !== 'SUPER_ADMIN').map((a) => ({
      email: a.email,
      uuid: demo.users[a.email] as string,
    })),
  ];
  const callers = CALLERS.map((c, i) => ({ ...c, ...(accounts[i] as { uuid: string; email: string }) }));
  const tokens = new Map(
    await Promise.all(callers.map(async (caller) => [caller.name, (await signIn(caller.email)).access] as const)),
  );
  return {
    mark,
    otherMark,
    company: { rut: company.rut, home: sides[0], otherProject: sides[1] },
    statements,
    homeRut,
    modules: { report: reportModule as string, accounting: accountingModule as string },
    ids,
    shared,
    industry,
    callers,
    tokens,
    superAdmin,
  };
}

/**
 * What one firm keeps on its side of the company both serve: a document in a folder of its project's, a chart of
 * accounts and a ledger imported by RUT (firm B's dated two years later, its accounts named with its mark, so an
 * answer showing B's figures or accounts shows it), and an accounting assignment of each statement family over it.
 */
async function companySide(
  superAdmin: string,
  side: { society: string; name: string; rut: string; mark: string; folderOf: string; firmB: boolean },
): Promise<CompanySide> {
  const as = { token: superAdmin };
  const later = side.firmB;
  const folder = await created(
    'company folder',
    call(folders.createFolderTemplate, {
      ...as,
      body: { project: side.folderOf, folder_name: `Carpeta ${side.mark}` },
    }),
  );
  const module = await created(
    'company module',
    call(modules.createModule, { ...as, body: { module_name: `Compartida ${side.mark}`, module_type: 'REPORT' } }),
  );
  const [document, statements, , report, thread, request] = await Promise.all([
    uploadSmall(
      superAdmin,
      { society: side.society, folder: folder.uuid },
      `compartida-${side.mark}.pdf`,
      new TextEncoder().encode('%PDF-1.4\n% compartida\n%%EOF\n'),
    ).then(async (a) => (await created('company document', Promise.resolve(a))).uuid as string),
    statementAssignments(superAdmin, { society_list: [side.society] }),
    accountsOf(
      superAdmin,
      side.society,
      later ? chartOf(side.mark) : CHART_CSV,
      later ? ledgerCsv(side.rut).replaceAll(';2019-', ';2021-') : ledgerCsv(side.rut),
    ),
    created(
      'company report',
      call(reports.createReport, {
        ...as,
        body: {
          report_name: `Tablero ${side.mark}`,
          menu_name: 'Tablero',
          description: `Compartida ${side.mark}`,
          tool_type: 'BUILT_IN',
          builtin_dashboard: 'PORTAL_ACTIVITY',
          module: module.uuid,
          enable_project_admin: true,
          enable_group_admin: true,
          enable_user_group: true,
          enable_user_society: true,
          society_list: [side.society],
        },
      }),
    ).then((r) => r.uuid),
    created(
      'company thread',
      call(messages.createThread, {
        ...as,
        params: { uuid: side.society },
        body: { subject: `Compartida ${side.mark}`, body: `Conversación ${side.mark}` },
      }),
    ).then((t) => t.uuid),
    created(
      'company request',
      call(requests.createRequest, {
        ...as,
        body: {
          batch: randomUUID(),
          target: { kind: 'SOCIETY', uuid: side.society },
          title: `Compartida ${side.mark}`,
          due_date: '2030-01-31',
          items: [{ name: `Libro ${side.mark}` }],
        },
      }),
    ).then((r) => r.results[0]?.uuid as string),
  ]);
  return { society: side.society, name: side.name, document, report, thread, request, statements };
}

/** A chart of accounts, then a ledger, imported into a society. */
async function accountsOf(superAdmin: string, society: string, chartCsv: string, ledger: string) {
  for (const [what, contract, data] of [
    ['chart', accounting.importAccountingChart, chartCsv],
    ['ledger', accounting.importAccountingLedger, ledger],
  ] as const) {
    const answer = await upload(contract, superAdmin, { society }, { name: `${what}.csv`, data });
    if (answer.status !== 200 || !answer.body?.imported)
      throw new Error(`World: ${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
}
