import { config } from '../config';
import { type ApiError, conflict, fieldErrors } from '../errors';
import { putEntry, readDirectories, removeEntry } from './directory';
import { getItems, normalizeSearch } from './list-index';
import type { Directory, Entry } from './table';
import type { TxWrite } from './tx-write';
import { checkWhen, deleteWhen, putNew } from './writes';

/**
 * Template folders (portal §3 "Template folder"): a project's folder tree, which every society of the project
 * shows as its own folders (a society's "variant" of a template is the pair society + template). Documents in a
 * variant are counted on the template (`file_count`), so a delete can refuse while any variant holds files, inside the
 * delete's own transaction. Sizes of each society's folders are kept on small stats items under the society.
 */
export interface TemplateRecord {
  uuid: string;
  project_uuid: string;
  folder_name: string;
  /** The parent template, or null at the top of the project's tree. */
  main_folder: string | null;
  /** Documents held by this template's variants in every society (not its subfolders). */
  file_count: number;
  created: string;
  updated: string;
  version: number;
}

const templateKey = (uuid: string) => ({ pk: `FTEMPLATE#${uuid}`, sk: 'FTEMPLATE' });
const templatesOfProject = (project: string): Directory => ({
  partition: `PROJECT#${project}#FOLDER_TEMPLATES`,
  shards: 4,
});
/** A folder name is unique among its siblings, compared without case and accents. */
const templateNameKey = (project: string, parent: string | null, name: string) => ({
  pk: `UNIQUE#TEMPLATE_NAME#${project}#${parent ?? 'ROOT'}#${normalizeSearch(name)}`,
  sk: 'UNIQUE',
});

/** A template's listing entry: name, parent, updated. */
export interface TemplateEntry {
  n: string;
  pa: string | null;
  u: string;
}

const sameName = () => fieldErrors({ folder_name: ['SAME_DATA'] });

export async function getTemplate(uuid: string): Promise<TemplateRecord | undefined> {
  const [item] = await getItems<TemplateRecord>([templateKey(uuid)]);
  return item;
}

/** Every template of a project (the tree is small: names and parents), in one call. */
export async function templatesOf(project: string): Promise<TemplateRecord[]> {
  const { entries } = await readDirectories<TemplateEntry>([templatesOfProject(project)]);
  return templateRecords(project, entries.flat());
}

/** Template records (without file counts) from their directory entries. */
export function templateRecords(project: string, entries: Array<Entry<TemplateEntry>>): TemplateRecord[] {
  return entries.map((e) => ({
    uuid: e.id,
    project_uuid: project,
    folder_name: e.value.n,
    main_folder: e.value.pa,
    file_count: 0,
    created: e.value.u,
    updated: e.value.u,
    version: 0,
  }));
}

export function templateCreateWrites(template: TemplateRecord): TxWrite[] {
  return [
    putNew({ ...templateKey(template.uuid), ...template }),
    putNew(
      {
        ...templateNameKey(template.project_uuid, template.main_folder, template.folder_name),
        owner_uuid: template.uuid,
      },
      sameName,
    ),
    putEntry(templatesOfProject(template.project_uuid), template.uuid, entryOf(template)),
    // The parent must still be there when the child lands.
    ...(template.main_folder
      ? [
          checkWhen(templateKey(template.main_folder), { expression: 'attribute_exists(pk)' }, () =>
            conflict('DATA_CONFLICT'),
          ),
        ]
      : []),
  ];
}

const entryOf = (t: TemplateRecord): TemplateEntry => ({ n: t.folder_name, pa: t.main_folder, u: t.updated });

export function templateRenameWrites(before: TemplateRecord, after: TemplateRecord): TxWrite[] {
  const renamed = normalizeSearch(before.folder_name) !== normalizeSearch(after.folder_name);
  return [
    {
      write: {
        Put: {
          TableName: config.tableName,
          Item: { ...templateKey(after.uuid), ...after },
          ConditionExpression: 'version = :v',
          ExpressionAttributeValues: { ':v': before.version },
        },
      },
      onConditionFail: () => conflict('DATA_CONFLICT'),
    },
    ...(renamed
      ? [
          deleteWhen(templateNameKey(before.project_uuid, before.main_folder, before.folder_name), {
            expression: 'owner_uuid = :o',
            values: { ':o': before.uuid },
          }),
          putNew(
            { ...templateNameKey(after.project_uuid, after.main_folder, after.folder_name), owner_uuid: after.uuid },
            sameName,
          ),
        ]
      : []),
    putEntry(templatesOfProject(after.project_uuid), after.uuid, entryOf(after)),
  ];
}

/**
 * Deleting templates (a folder and its subfolders): each only while none of its variants holds a file, checked in the
 * same transaction (portal §8: 'La carpeta plantilla posee archivos dentro...').
 */
export function templateDeleteWrites(templates: TemplateRecord[], hasFiles: () => ApiError): TxWrite[] {
  return templates.flatMap((t) => [
    deleteWhen(
      templateKey(t.uuid),
      {
        expression: 'attribute_exists(pk) AND (attribute_not_exists(file_count) OR file_count = :zero)',
        values: { ':zero': 0 },
      },
      hasFiles,
    ),
    deleteWhen(templateNameKey(t.project_uuid, t.main_folder, t.folder_name), { expression: 'attribute_exists(pk)' }),
    removeEntry(templatesOfProject(t.project_uuid), t.uuid),
  ]);
}

/** Full template records (with file_count) by uuid. */
export const getTemplates = (uuids: string[]) => getItems<TemplateRecord>(uuids.map(templateKey));

/** Adds to a template's file count; fails when the template was deleted meanwhile (no document in a gone folder). */
export function templateFileCount(uuid: string, by: number): TxWrite {
  return {
    write: {
      Update: {
        TableName: config.tableName,
        Key: templateKey(uuid),
        UpdateExpression: 'ADD file_count :by',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':by': by },
      },
    },
    onConditionFail: () => fieldErrors({ folder: ['FORMAT_ERROR'] }),
  };
}

/**
 * A society's document stats: one item per society holding, per folder key (a template uuid, `TAX#F22#2021`, or 'ALL'
 * for the society's total), the attributes `s:<key>` (bytes) and `f:<key>` (files). One fixed key, so a folder list
 * reads it in the same BatchGet as its directories (a page in at most 3 calls).
 */
export const documentStatsKey = (society: string) => ({ pk: `SOCIETY#${society}`, sk: 'DOCSTATS' });

/** Adds bytes and a file count to one part of a stats item and to its total ('ALL'), in one Update. */
function addStats(key: { pk: string; sk: string }, part: string, bytes: number, files: number): TxWrite {
  return {
    write: {
      Update: {
        TableName: config.tableName,
        Key: key,
        UpdateExpression: 'ADD #s :b, #f :f, #sa :b, #fa :f',
        ExpressionAttributeNames: { '#s': `s:${part}`, '#f': `f:${part}`, '#sa': 's:ALL', '#fa': 'f:ALL' },
        ExpressionAttributeValues: { ':b': bytes, ':f': files },
      },
    },
  };
}

/** Adds a document's bytes and count to its folder and to the society's total, in one Update of the stats item. */
export const documentStatsWrite = (society: string, folderKey: string, bytes: number, files: number): TxWrite =>
  addStats(documentStatsKey(society), folderKey, bytes, files);

/**
 * The same figures one and two levels up (project and group rows show their sizes): the group's stats item
 * per society (`s:<society>`) and the project's per group (`s:<group>`), each with its total, so a project's or a
 * group's row list reads its sizes in the BatchGet it already makes. A society never changes group while it holds
 * documents (societyHoldsNoDocuments), so the figures stay where they were added.
 */
export const groupDocumentStatsKey = (group: string) => ({ pk: `GROUP#${group}`, sk: 'DOCSTATS' });
export const projectDocumentStatsKey = (project: string) => ({ pk: `PROJECT#${project}`, sk: 'DOCSTATS' });

export const hierarchyStatsWrites = (
  d: { project_uuid: string; group_uuid: string; society_uuid: string },
  bytes: number,
  files: number,
): TxWrite[] => [
  addStats(groupDocumentStatsKey(d.group_uuid), d.society_uuid, bytes, files),
  addStats(projectDocumentStatsKey(d.project_uuid), d.group_uuid, bytes, files),
];

/** The stats item as folder key → {size, files}. */
export function statsOf(item: Record<string, unknown> | undefined): Map<string, { size: number; files: number }> {
  const out = new Map<string, { size: number; files: number }>();
  for (const [name, value] of Object.entries(item ?? {})) {
    if (!name.startsWith('s:')) continue;
    const key = name.slice(2);
    out.set(key, { size: Number(value ?? 0), files: Number(item?.[`f:${key}`] ?? 0) });
  }
  return out;
}

/**
 * A society that holds documents cannot move to another group (portal §8): the society's edit carries this check in
 * its own transaction, and every document write checks the society's group, so neither can slip past the other.
 */
export function societyHoldsNoDocuments(society: string, onFail: () => ApiError): TxWrite {
  return checkWhen(
    documentStatsKey(society),
    { expression: 'attribute_not_exists(#f) OR #f = :zero', names: { '#f': 'f:ALL' }, values: { ':zero': 0 } },
    onFail,
  );
}

export { templatesOfProject };
