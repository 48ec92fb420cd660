import { describe, expect, it } from 'vitest';
import { createGroupBody, EMPTY_GROUP, patchGroupBody, requiredGroupFields } from './payload';

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

  it('requires the project on create only', () => {
    expect(requiredGroupFields(false)).toContain('project');
    expect(requiredGroupFields(true)).not.toContain('project');
  });
});
