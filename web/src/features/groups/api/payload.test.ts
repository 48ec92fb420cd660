import { groupCreateSchema, groupPatchSchema } from '@shared/contracts/groups';
import { describe, expect, it } from 'vitest';
import { createGroupBody, EMPTY_GROUP, patchGroupBody } from './payload';

describe('group payloads (admin-area §5)', () => {
  const values = { ...EMPTY_GROUP, group_name: ' Norte ', group_description: 'Zona norte', project: 'p-1' };

  it('omits empty admin and user lists on create', () => {
    expect(createGroupBody(values)).toEqual({ group_name: 'Norte', group_description: 'Zona norte', project: 'p-1' });
    expect(createGroupBody({ ...values, admin: ['a-1'] })).toMatchObject({ admin: ['a-1'] });
  });

  it('on edit sends the version, never the project, and an emptied list only when it had members', () => {
    const saved = { ...values, admin: ['a-1'] };
    const body = patchGroupBody({ ...saved, admin: [] }, saved, 3);
    expect(body).toEqual({ group_name: 'Norte', group_description: 'Zona norte', admin: [], version: 3 });
  });

  it('the form passes as its body passes the contract: the project required on create only, names never blank', () => {
    const project = '0f8e2a4c-1111-4222-8333-944445555666';
    expect(groupCreateSchema.safeParse(createGroupBody({ ...values, project })).success).toBe(true);
    expect(groupCreateSchema.safeParse(createGroupBody({ ...values, project: '' })).success).toBe(false);
    expect(groupPatchSchema.safeParse(patchGroupBody({ ...values, project: '' }, values, 3)).success).toBe(true);
    expect(groupPatchSchema.safeParse(patchGroupBody({ ...values, group_name: ' ' }, values, 3)).success).toBe(false);
  });
});
