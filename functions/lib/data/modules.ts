import { dynamo } from '../aws/dynamo';
import { GetCommand } from '../aws/dynamo-commands';
import { config } from '../config';
import { conflict } from '../errors';
import { putEntry, readDirectories, removeEntry } from './directory';
import { getItems, normalizeSearch } from './list-index';
import { type Directory, recordOf } from './table';
import type { TxWrite } from './tx-write';
import { deleteKey, deleteWhen, putNew } from './writes';

/**
 * Modules (portal §3): global and few, listed per kind from a small directory; `in_use` counts the reports or
 * assignments placed in one, bumped in their own transactions, so a delete is refused while it is not zero.
 */
export type ModuleType = 'REPORT' | 'ACCOUNTING';

export interface ModuleRecord {
  uuid: string;
  module_name: string;
  module_type: ModuleType;
  in_use: number;
  created: string;
}

export const moduleKey = (uuid: string) => ({ pk: `MODULE#${uuid}`, sk: 'MODULE' });
const modulesDirectory = (type: ModuleType): Directory => ({ partition: `MODULES#${type}`, shards: 4 });
/** Module names are unique within their kind, compared without accents or case. */
export const moduleNameKey = (type: ModuleType, name: string) => ({
  pk: `UNIQUE#MODULE_NAME#${type}#${normalizeSearch(name)}`,
  sk: 'UNIQUE',
});

export interface ModuleEntry {
  n: string;
}

export const moduleItem = (module: ModuleRecord) => ({ ...moduleKey(module.uuid), ...module });

export function moduleListingWrites(module: ModuleRecord, deleted = false): TxWrite[] {
  const directory = modulesDirectory(module.module_type);
  return [deleted ? removeEntry(directory, module.uuid) : putEntry(directory, module.uuid, { n: module.module_name })];
}

export function newModuleWrites(module: ModuleRecord, sameName: () => ReturnType<typeof conflict>): TxWrite[] {
  return [
    putNew(moduleItem(module)),
    putNew({ ...moduleNameKey(module.module_type, module.module_name), owner_uuid: module.uuid }, sameName),
    ...moduleListingWrites(module),
  ];
}

/** A rename: the record with a condition on its use count left alone, the name marker moved. */
export function renameModuleWrites(
  before: ModuleRecord,
  name: string,
  sameName: () => ReturnType<typeof conflict>,
): TxWrite[] {
  const after = { ...before, module_name: name };
  const writes: TxWrite[] = [
    {
      write: {
        Update: {
          TableName: config.tableName,
          Key: moduleKey(before.uuid),
          UpdateExpression: 'SET module_name = :name',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':name': name },
        },
      },
    },
    ...moduleListingWrites(after),
  ];
  const oldName = moduleNameKey(before.module_type, before.module_name);
  const newName = moduleNameKey(before.module_type, name);
  if (oldName.pk !== newName.pk) {
    writes.push(deleteKey(oldName), putNew({ ...newName, owner_uuid: before.uuid }, sameName));
  }
  return writes;
}

/** Deleted only while nothing uses it (409 MODULE_IN_USE). */
export function deleteModuleWrites(module: ModuleRecord): TxWrite[] {
  return [
    deleteWhen(
      moduleKey(module.uuid),
      { expression: 'attribute_not_exists(in_use) OR in_use = :zero', values: { ':zero': 0 } },
      () => conflict('MODULE_IN_USE'),
    ),
    deleteKey(moduleNameKey(module.module_type, module.module_name)),
    ...moduleListingWrites(module, true),
  ];
}

/**
 * One use more or less of a module of a kind, in the transaction that places or removes a report or an assignment:
 * a module deleted meanwhile, or of the other kind, fails it with INVALID (portal §8).
 */
export function moduleUseWrite(
  uuid: string,
  type: ModuleType,
  by: number,
  invalid: () => ReturnType<typeof conflict>,
): TxWrite {
  return {
    write: {
      Update: {
        TableName: config.tableName,
        Key: moduleKey(uuid),
        UpdateExpression: 'ADD in_use :by',
        ConditionExpression: 'attribute_exists(pk) AND module_type = :type',
        ExpressionAttributeValues: { ':by': by, ':type': type },
      },
    },
    onConditionFail: invalid,
  };
}

export async function getModule(uuid: string): Promise<ModuleRecord | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: config.tableName, Key: moduleKey(uuid), ConsistentRead: true }),
  );
  return recordOf<ModuleRecord>(Item);
}

/** The modules of one kind: their names from the directory (one BatchGet); `withRecords` also reads their use counts. */
export async function readModules(type: ModuleType, withRecords = false): Promise<ModuleRecord[]> {
  const { entries } = await readDirectories<ModuleEntry>([modulesDirectory(type)]);
  const listed = entries.flat();
  if (!withRecords) {
    return listed.map((e) => ({ uuid: e.id, module_name: e.value.n, module_type: type, in_use: 0, created: '' }));
  }
  return getItems<ModuleRecord>(listed.map((e) => moduleKey(e.id)));
}

/** The directory of a kind's modules, to read together with another list in one BatchGet. */
export const modulesOf = (type: ModuleType) => modulesDirectory(type);
