import { randomUUID } from 'node:crypto';
import * as accounting from '../../shared/contracts/accounting-assignments';
import * as chatbot from '../../shared/contracts/chatbot';
import * as documents from '../../shared/contracts/documents';
import * as external from '../../shared/contracts/external';
import * as folders from '../../shared/contracts/folders';
import * as messages from '../../shared/contracts/messages';
import * as modules from '../../shared/contracts/modules';
import * as reports from '../../shared/contracts/reports';
import * as requests from '../../shared/contracts/requests';
import { uploadSmall } from '../integration/documents-fixture';
import { call, ok } from './api';
import { unique } from './fresh';

/**
 * The content of the tenant world: what lives inside the hierarchy, built through the API as
 * SUPER_ADMIN so the isolation matrix can call every document, report, assignment and ticket contract with another
 * tenant's real id. Per tag:
 * - a template folder where the tag holds a project (templates belong to a project, portal §2 "Documents");
 * - a document in its society, in its project's template folder, and a share link of that document;
 * - a report and an accounting assignment targeted at its society (home, siblingSociety) or group (siblingGroup,
 *   otherProject), enabled for every role so only scope can hide them;
 * - a support ticket sent by one of its users (tickets belong to the sender's project);
 * - a conversation thread in its society, with a message carrying a file (a document of the society);
 * - a document request to its society, its first item with a template file (so a read of that file answers the
 *   caller's own request and only that: the item's uuid is derived from the request's, derivedUuid(request, 'item',
 *   '0')).
 * - two monthly request templates where the tag holds a project (the first one scheduled nowhere: the callers' own
 *   schedules use it), and a schedule of the second over its society.
 */
export interface ContentIds {
  folderTemplate: string[];
  document: string[];
  shareLink: string[];
  report: string[];
  assignment: string[];
  ticket: string[];
  thread: string[];
  messageFile: string[];
  request: string[];
  requestTemplate: string[];
  requestSchedule: string[];
}

/** Where one tag's content goes. */
export interface ContentPlace {
  /** Its own project, when the tag holds one (a template folder is made there). */
  project?: string;
  /** The project whose template folder its document goes into. */
  templateOf: 'home' | 'otherProject';
  society: string;
  /** The report and the assignment target this group, or the society when no group is given. */
  group?: string;
  /** A token of a user of the tag, to send its ticket. */
  ticketSender: string;
}

const PDF = new TextEncoder().encode('%PDF-1.4\n% aislamiento\n%%EOF\n');

const everyRole = {
  enable_project_admin: true,
  enable_group_admin: true,
  enable_user_group: true,
  enable_user_society: true,
};

/** A file uploaded into a society's conversation and carried by a message of the thread: its document's uuid. */
async function attachedFile(token: string, society: string, thread: string): Promise<string> {
  const start = ok(
    'message attachment',
    await call(messages.createMessageAttachmentUpload, {
      token,
      params: { uuid: society },
      body: { file_name: 'adjunto.pdf', file_size: PDF.length, content_type: 'application/pdf' },
    }),
  );
  const form = new FormData();
  for (const [k, v] of Object.entries(start.fields)) form.set(k, v);
  form.set('file', new Blob([PDF], { type: 'application/pdf' }), 'adjunto.pdf');
  const posted = await fetch(start.url, { method: 'POST', body: form });
  if (posted.status >= 300) throw new Error(`message attachment to S3: ${posted.status}`);
  ok(
    'message with a file',
    await call(messages.postThreadMessage, {
      token,
      params: { uuid: thread },
      body: { body: 'Con adjunto.', attachments: [start.upload] },
    }),
  );
  return start.upload;
}

/**
 * A template file uploaded for a project's request items (presigned POST, then S3): the upload a request names.
 * `post: false` starts it only (its file never sent).
 */
export async function requestFileUpload(
  token: string,
  project: string,
  name = 'formulario.pdf',
  data: Uint8Array<ArrayBuffer> = PDF,
  post = true,
): Promise<string> {
  const start = ok(
    'request template file',
    await call(requests.createRequestFileUpload, {
      token,
      body: { project, file_name: name, file_size: data.length, content_type: 'application/pdf' },
    }),
  );
  if (!post) return start.upload;
  const form = new FormData();
  for (const [k, v] of Object.entries(start.fields)) form.set(k, v);
  form.set('file', new Blob([data], { type: 'application/pdf' }), name);
  const posted = await fetch(start.url, { method: 'POST', body: form });
  if (posted.status >= 300) throw new Error(`request template file to S3: ${posted.status}`);
  return start.upload;
}

export async function buildContent<T extends string>(
  superAdmin: string,
  places: Record<T, ContentPlace>,
  /** A word every name of this content holds, so a search for it finds each row (tenant-world.ts `mark`). */
  mark: string,
): Promise<Record<T, ContentIds>> {
  const as = { token: superAdmin };
  const module = async (module_type: 'REPORT' | 'ACCOUNTING') =>
    ok(
      `${module_type} module`,
      await call(modules.createModule, {
        ...as,
        body: { module_name: `Aislamiento ${mark} ${unique()}`, module_type },
      }),
    ).uuid;
  const [reportModule, accountingModule] = await Promise.all([module('REPORT'), module('ACCOUNTING')]);

  const entries = Object.entries(places) as Array<[T, ContentPlace]>;
  const templates = new Map<string, string>();
  await Promise.all(
    entries.map(async ([tag, place]) => {
      if (!place.project) return;
      const created = await call(folders.createFolderTemplate, {
        ...as,
        body: { project: place.project, folder_name: `Carpeta ${mark} ${unique()}` },
      });
      templates.set(tag, ok('template folder', created).uuid);
    }),
  );

  // Two request templates in each project: [0] for the callers' own schedules, [1] for the world's schedules.
  const requestTemplates = new Map<string, string[]>();
  await Promise.all(
    entries.map(async ([tag, place]) => {
      if (!place.project) return;
      const made = [];
      for (const n of [0, 1]) {
        const created = await call(requests.createRequestTemplate, {
          ...as,
          body: {
            project: place.project,
            name: `Plantilla ${mark} ${n} ${unique()}`,
            items: [{ name: 'Libro de compras' }],
            recurrence: { kind: 'MONTHLY_F29' },
          },
        });
        made.push(ok('request template', created).uuid);
      }
      requestTemplates.set(tag, made);
    }),
  );

  // A chatbot article in each project: a firm's list answers its own admins with a row (the filter controls).
  await Promise.all(
    entries.map(async ([, place]) => {
      if (!place.project) return;
      const created = await call(chatbot.createChatbotArticle, {
        ...as,
        query: { project: place.project },
        body: { title: `Artículo ${mark} ${unique()}`, body: `Aislamiento ${mark}.`, source: 'Matriz' },
      });
      ok('chatbot article', created);
    }),
  );

  const built = await Promise.all(
    entries.map(async ([tag, place]): Promise<[T, ContentIds]> => {
      const folder = templates.get(place.templateOf) as string;
      const targets = place.group ? { group_list: [place.group] } : { society_list: [place.society] };
      const [document, report, assignment, ticket, thread, request] = await Promise.all([
        uploadSmall(superAdmin, { society: place.society, folder }, `aislamiento-${mark}-${unique()}.pdf`, PDF).then(
          (a) => ok('document', a).uuid as string,
        ),
        call(reports.createReport, {
          ...as,
          body: {
            report_name: `Tablero ${mark} ${unique()}`,
            menu_name: 'Tablero',
            description: `Aislamiento ${mark}`,
            tool_type: 'BUILT_IN',
            builtin_dashboard: 'PORTAL_ACTIVITY',
            module: reportModule,
            ...everyRole,
            ...targets,
          },
        }).then((a) => ok('report', a).uuid),
        call(accounting.createAccountingAssignment, {
          ...as,
          body: {
            accounting_type: 'FINANCIAL_SITUATION',
            menu_name: `Situación ${mark} ${unique()}`,
            description: `Aislamiento ${mark}`,
            module: accountingModule,
            ...everyRole,
            ...targets,
          },
        }).then((a) => ok('accounting assignment', a).uuid),
        call(external.postSupportTicket, {
          token: place.ticketSender,
          body: { subject: `Aislamiento ${mark}`, description: 'Consulta de la matriz de aislamiento.' },
        }).then((a) => ok('ticket', a).uuid),
        call(messages.createThread, {
          ...as,
          params: { uuid: place.society },
          body: { subject: `Aislamiento ${mark}`, body: 'Mensaje de la matriz de aislamiento.' },
        }).then((a) => ok('thread', a).uuid),
        call(requests.createRequest, {
          ...as,
          body: {
            batch: randomUUID(),
            target: { kind: 'SOCIETY', uuid: place.society },
            // From its project's first template, so a board filtered by that template shows it.
            template: requestTemplates.get(place.templateOf)?.[0] as string,
            title: `Aislamiento ${mark}`,
            due_date: '2030-01-31',
            items: [
              {
                name: `Libro ${mark}`,
                template_file: await requestFileUpload(superAdmin, places[place.templateOf as T].project as string),
              },
            ],
          },
        }).then((a) => ok('request', a).results[0]?.uuid as string),
      ]);
      const share = ok('share link', await call(documents.createShareToken, { ...as, params: { uuid: document } }));
      const messageFile = await attachedFile(superAdmin, place.society, thread);
      const schedule = ok(
        'request schedule',
        await call(requests.createRequestSchedule, {
          ...as,
          body: {
            template: requestTemplates.get(place.templateOf)?.[1] as string,
            target: { kind: 'SOCIETY', uuid: place.society },
          },
        }),
      ).uuid;
      const template = templates.get(tag);
      return [
        tag,
        {
          folderTemplate: template ? [template] : [],
          document: [document],
          shareLink: [share.uuid],
          report: [report],
          assignment: [assignment],
          ticket: [ticket],
          thread: [thread],
          messageFile: [messageFile],
          request: [request],
          requestTemplate: requestTemplates.get(tag) ?? [],
          requestSchedule: [schedule],
        },
      ];
    }),
  );
  return Object.fromEntries(built) as Record<T, ContentIds>;
}
