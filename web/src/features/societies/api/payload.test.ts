import { describe, expect, it } from 'vitest';
import { createSocietyBody, EMPTY_SOCIETY, patchSocietyBody, type SocietyValues } from './payload';

const filled: SocietyValues = {
  ...EMPTY_SOCIETY,
  society_business_name: ' Minera SpA ',
  business_line: 'Minería',
  company_code: 'MIN',
  industry_type: 'i-1',
  society_email: 'a@b.cl',
  project: 'p-1',
  group: 'g-1',
  society_contact_name: 'Ana',
  society_phone_number: '+56911112222',
};

describe('society payloads (admin-area §5)', () => {
  it('omits the empty RUT, address, contact e-mail and users on create, and sends CLP and the tax flag', () => {
    const body = createSocietyBody(filled);
    expect(body).toEqual({
      society_business_name: 'Minera SpA',
      business_line: 'Minería',
      company_code: 'MIN',
      industry_type: 'i-1',
      society_email: 'a@b.cl',
      currency: 'CLP',
      group: 'g-1',
      project: 'p-1',
      society_contact_name: 'Ana',
      society_phone_number: '+56911112222',
      tax_module: 'False',
    });
    expect(createSocietyBody({ ...filled, society_rut: '76123456-0', user: ['u-1'] })).toMatchObject({
      society_rut: '76123456-0',
      user: ['u-1'],
    });
  });

  it('on edit sends a cleared RUT empty, omits an unchanged group and an empty user list', () => {
    const saved = { ...filled, society_rut: '76123456-0', society_address: 'Calle 1' };
    const body = patchSocietyBody({ ...saved, society_rut: '', society_address: '' }, saved, 4);
    expect(body.society_rut).toBe('');
    expect(body.society_address).toBe('');
    expect(body).not.toHaveProperty('society_contact_email');
    expect(body).not.toHaveProperty('group');
    expect(body).not.toHaveProperty('user');
    expect(body.version).toBe(4);
    expect(body.project).toBe('p-1');
  });

  it('on edit sends a new group, and an emptied user list when the society had users', () => {
    const saved = { ...filled, user: ['u-1'] };
    const body = patchSocietyBody({ ...saved, project: 'p-2', group: 'g-2', user: [] }, saved, 1);
    expect(body).toMatchObject({ project: 'p-2', group: 'g-2', user: [] });
  });
});
