import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import * as groups from '../../shared/contracts/groups';
import * as projects from '../../shared/contracts/projects';
import { call, signIn } from './api';
import { createTestUser, tableAccess } from './db';

/**
 * The quota tests: a firm (project, with a group) and a PROJECT_ADMIN of their own, so the counters a test fills
 * touch no other test; and filling a quota as if that many calls had gone before.
 */
export async function freshFirm() {
  const superAdmin = (await signIn('superadmin@demo.cl')).access;
  const admin = await createTestUser('PROJECT_ADMIN');
  const project = await call(projects.createProject, {
    token: superAdmin,
    body: {
      project_name: `Cuotas ${randomUUID().slice(0, 8)}`,
      client_name: 'Cliente SpA',
      associated_service_description: 'Contabilidad',
      service_description: 'Portal',
      admin: [admin.uuid],
    },
  });
  expect(project.status, JSON.stringify(project.body)).toBe(201);
  const groupName = `Grupo ${randomUUID().slice(0, 8)}`;
  const group = await call(groups.createGroup, {
    token: superAdmin,
    body: { group_name: groupName, group_description: 'Cuotas', project: project.body.uuid },
  });
  expect(group.status).toBe(201);
  return {
    project: project.body.uuid as string,
    group: group.body.uuid as string,
    groupName,
    superAdmin,
    admin: { ...admin, token: (await signIn(admin.email)).access },
  };
}

/** Spends what is left of a quota, as if that many calls had gone before. */
export async function exhaust(kind: import('../../functions/lib/data/quotas').QuotaKind, key: string) {
  await tableAccess();
  const { quotaLeft, spendQuotas } = await import('../../functions/lib/data/quotas');
  const { left } = await quotaLeft(kind, key);
  if (left > 0) await spendQuotas([{ kind, key, units: left }]);
  expect((await quotaLeft(kind, key)).left).toBe(0);
}
