import { randomUUID } from 'node:crypto';
import type { z } from 'zod/mini';
import type { createModule as createContract } from '../../shared/contracts/modules';
import type { Caller } from '../lib/auth/caller';
import { config } from '../lib/config';
import { auditWrite, diff } from '../lib/data/audit';
import {
  deleteModuleWrites,
  getModule,
  type ModuleRecord,
  type ModuleType,
  newModuleWrites,
  readModules,
  renameModuleWrites,
} from '../lib/data/modules';
import { nowIso } from '../lib/data/table';
import { transactWrite } from '../lib/data/transact';
import { fieldErrors, notFound } from '../lib/errors';

/** Modules (portal §3): global names per kind, SUPER_ADMIN's to manage; refused to delete while in use. */
const sameName = () => fieldErrors({ module_name: ['SAME_DATA'] });
const byName = (a: ModuleRecord, b: ModuleRecord) => a.module_name.localeCompare(b.module_name, 'es');

export async function listModules(type: ModuleType | undefined) {
  const types: ModuleType[] = type ? [type] : ['REPORT', 'ACCOUNTING'];
  const lists = await Promise.all(types.map((t) => readModules(t, true)));
  return lists.flatMap((list) => list.sort(byName));
}

export async function createModule(caller: Caller, input: z.output<NonNullable<typeof createContract.body>>) {
  const module: ModuleRecord = {
    uuid: randomUUID(),
    module_name: input.module_name,
    module_type: input.module_type,
    in_use: 0,
    created: nowIso(),
  };
  await transactWrite([
    ...newModuleWrites(module, sameName),
    auditWrite(config.tableName, caller, 'CREATE', { type: 'MODULE', uuid: module.uuid }, diff({}, { ...module })),
  ]);
  return module;
}

export async function renameModule(caller: Caller, uuid: string, name: string) {
  const before = await getModule(uuid);
  if (!before) throw notFound();
  await transactWrite([
    ...renameModuleWrites(before, name, sameName),
    auditWrite(
      config.tableName,
      caller,
      'UPDATE',
      { type: 'MODULE', uuid },
      diff({ ...before }, { module_name: name }),
    ),
  ]);
  return { ...before, module_name: name };
}

export async function deleteModule(caller: Caller, uuid: string) {
  const module = await getModule(uuid);
  if (!module) throw notFound();
  await transactWrite([
    ...deleteModuleWrites(module),
    auditWrite(config.tableName, caller, 'DELETE', { type: 'MODULE', uuid }, diff({ ...module }, {})),
  ]);
  return { detail: 'ok' };
}
