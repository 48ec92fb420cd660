import { randomUUID } from 'node:crypto';
import type { Caller } from '../lib/auth/caller';
import {
  getTemplate,
  getTemplates,
  type TemplateRecord,
  templateCreateWrites,
  templateDeleteWrites,
  templateRenameWrites,
  templatesOf,
} from '../lib/data/folders';
import { normalizeSearch } from '../lib/data/list-index';
import { getProject } from '../lib/data/projects';
import { nowIso } from '../lib/data/table';
import { transactWrite } from '../lib/data/transact';
import { ApiError, fieldErrors, notFound } from '../lib/errors';
import { projectInScope } from '../lib/scope';

/**
 * Template folders (portal §2 template-folder screen, §7 Template folders): a project's folder tree that every society
 * of the project shows. PROJECT_ADMIN and SUPER_ADMIN manage them; a GROUP_ADMIN sees its project's tree (its societies
 * show it) but the tree is the whole project's, so it may not change it (404, as outside scope).
 */
export function templateView(t: TemplateRecord) {
  return {
    uuid: t.uuid,
    folder_name: t.folder_name,
    project: t.project_uuid,
    main_folder: t.main_folder,
    modified: { date: t.updated },
  };
}

function readsProject(caller: Caller, project: string) {
  return (
    projectInScope(caller, project) || (caller.role === 'GROUP_ADMIN' && caller.user.project_uuids.includes(project))
  );
}

async function managedTemplate(caller: Caller, uuid: string): Promise<TemplateRecord> {
  const template = await getTemplate(uuid);
  if (!template || !projectInScope(caller, template.project_uuid)) throw notFound();
  return template;
}

/** A template's path from the top of the tree down to it (the template screen's breadcrumb). */
export function pathTo(templates: TemplateRecord[], uuid: string | undefined): TemplateRecord[] {
  const byId = new Map(templates.map((t) => [t.uuid, t]));
  const path: TemplateRecord[] = [];
  let current = uuid ? byId.get(uuid) : undefined;
  while (current && path.length < 100) {
    path.unshift(current);
    current = current.main_folder ? byId.get(current.main_folder) : undefined;
  }
  return path;
}

export async function listTemplates(caller: Caller, project: string, folder: string | undefined, search?: string) {
  if (!readsProject(caller, project)) throw notFound();
  const templates = await templatesOf(project);
  if (folder && !templates.some((t) => t.uuid === folder)) throw notFound();
  const needle = search ? normalizeSearch(search) : '';
  const children = templates
    .filter((t) => t.main_folder === (folder ?? null))
    .filter((t) => !needle || normalizeSearch(t.folder_name).includes(needle))
    .sort((a, b) => a.folder_name.localeCompare(b.folder_name, 'es'));
  return {
    folder_template_list: children.map(templateView),
    root_directory: pathTo(templates, folder).map(templateView),
  };
}

export async function createTemplate(
  caller: Caller,
  input: { project: string; folder_name: string; main_folder?: string | null },
) {
  if (!projectInScope(caller, input.project)) throw notFound();
  const project = await getProject(input.project);
  if (!project) throw notFound();
  if (input.main_folder) {
    const parent = await getTemplate(input.main_folder);
    if (!parent || parent.project_uuid !== input.project) throw fieldErrors({ main_folder: ['FORMAT_ERROR'] });
  }
  const now = nowIso();
  const template: TemplateRecord = {
    uuid: randomUUID(),
    project_uuid: input.project,
    folder_name: input.folder_name,
    main_folder: input.main_folder ?? null,
    file_count: 0,
    created: now,
    updated: now,
    version: 1,
  };
  await transactWrite(templateCreateWrites(template));
  return templateView(template);
}

/**
 * A rename keeps the folder in its project: the spec's body names the project too, and a project that is not the
 * folder's is refused (a folder does not move between projects, and a body naming another tenant changes nothing).
 */
export async function renameTemplate(caller: Caller, uuid: string, folderName: string, project?: string) {
  const before = await managedTemplate(caller, uuid);
  if (project !== undefined && project !== before.project_uuid) throw fieldErrors({ project: ['FORMAT_NOT_ALLOWED'] });
  const after = { ...before, folder_name: folderName, updated: nowIso(), version: before.version + 1 };
  await transactWrite(templateRenameWrites(before, after));
  return templateView(after);
}

/** portal §8: refused while any society's variant of the folder (or of a subfolder) holds files. */
export const templateHasFiles = () => new ApiError(400, 'TEMPLATE_HAS_FILES');

export async function deleteTemplate(caller: Caller, uuid: string) {
  const template = await managedTemplate(caller, uuid);
  const tree = await templatesOf(template.project_uuid);
  const subtree = new Set([uuid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const t of tree) {
      if (t.main_folder && subtree.has(t.main_folder) && !subtree.has(t.uuid)) {
        subtree.add(t.uuid);
        grew = true;
      }
    }
  }
  const records = await getTemplates([...subtree]);
  if (records.some((t) => t.file_count > 0)) throw templateHasFiles();
  await transactWrite(templateDeleteWrites(records, templateHasFiles));
  return { detail: 'Carpeta eliminada' };
}
