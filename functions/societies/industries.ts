import { randomUUID } from 'node:crypto';
import type { Caller } from '../lib/auth/caller';
import { config } from '../lib/config';
import { auditWrite, diff } from '../lib/data/audit';
import { readIndustries, renameIndustryWrite } from '../lib/data/industries';
import { type IndustryRecord, industryNameKey } from '../lib/data/societies';
import { keys, nowIso } from '../lib/data/table';
import { transactWrite } from '../lib/data/transact';
import { deleteKey, deleteWhen, putNew } from '../lib/data/writes';
import { conflict, fieldErrors, forbidden, notFound } from '../lib/errors';

/**
 * Industries (admin-area §3): a short, portal-wide list in creation order. Names are unique; the first one is the
 * default and can be neither renamed nor deleted; one still used by a society cannot be deleted.
 */
const sameName = () => fieldErrors({ industry: ['SAME_DATA'] });

export const listIndustries = readIndustries;

export const industryView = ({ uuid, industry, position }: IndustryRecord) => ({ uuid, industry, position });

async function requireIndustry(uuid: string) {
  const all = await listIndustries();
  const industry = all.find((i) => i.uuid === uuid);
  if (!industry) throw notFound();
  return { industry, isFirst: all[0]?.uuid === uuid };
}

export async function createIndustry(caller: Caller, name: string) {
  const all = await listIndustries();
  const industry: IndustryRecord = {
    uuid: randomUUID(),
    industry: name,
    position: (all.at(-1)?.position ?? -1) + 1,
    society_quantity: 0,
    created: nowIso(),
  };
  await transactWrite([
    putNew({ ...keys.industry(industry.uuid), ...industry }),
    putNew({ ...industryNameKey(name), owner_uuid: industry.uuid }, sameName),
    auditWrite(
      config.tableName,
      caller,
      'CREATE',
      { type: 'INDUSTRY', uuid: industry.uuid },
      diff({}, { ...industry }),
    ),
  ]);
  return industryView(industry);
}

export async function renameIndustry(caller: Caller, uuid: string, name: string) {
  const { industry, isFirst } = await requireIndustry(uuid);
  if (isFirst) throw forbidden();
  const after = { ...industry, industry: name };
  const oldKey = industryNameKey(industry.industry);
  const newKey = industryNameKey(name);
  await transactWrite([
    renameIndustryWrite(uuid, industry.industry, name),
    ...(oldKey.pk === newKey.pk ? [] : [deleteKey(oldKey), putNew({ ...newKey, owner_uuid: uuid }, sameName)]),
    auditWrite(config.tableName, caller, 'UPDATE', { type: 'INDUSTRY', uuid }, diff({ ...industry }, { ...after })),
  ]);
  return industryView(after);
}

export async function deleteIndustry(caller: Caller, uuid: string) {
  const { industry, isFirst } = await requireIndustry(uuid);
  if (isFirst) throw forbidden();
  await transactWrite([
    deleteWhen(keys.industry(uuid), { expression: 'society_quantity = :zero', values: { ':zero': 0 } }, () =>
      conflict('INDUSTRY_IN_USE'),
    ),
    deleteKey(industryNameKey(industry.industry)),
    auditWrite(config.tableName, caller, 'DELETE', { type: 'INDUSTRY', uuid }, diff({ ...industry }, {})),
  ]);
  return { detail: 'ok' };
}
