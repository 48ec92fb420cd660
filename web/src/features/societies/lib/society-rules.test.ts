import { es } from '@shared/i18n/es';
import { describe, expect, it } from 'vitest';
import { EMPTY_SOCIETY, SOCIETY_STEP_FIELDS, type SocietyValues } from '@/features/societies/api/payload';
import { societyRules } from './society-rules';

const PROJECT = '0b9c5a2e-6f4d-4c8e-9a1b-2c3d4e5f6a7b';
const GROUP = '1c0d6b3f-7a5e-4d9f-8b2c-3d4e5f6a7b8c';
const INDUSTRY = '2d1e7c4a-8b6f-4e0a-9c3d-4e5f6a7b8c9d';

const mainStep: SocietyValues = {
  ...EMPTY_SOCIETY,
  society_business_name: 'Minera SpA',
  business_line: 'Minería',
  company_code: 'MIN',
  industry_type: INDUSTRY,
  society_email: 'a@b.cl',
  group: GROUP,
};
const [MAIN, CONTACT] = SOCIETY_STEP_FIELDS as [readonly (keyof SocietyValues)[], readonly (keyof SocietyValues)[]];

/** The message the wizard shows under a field, by the Standard Schema validator TanStack Form runs. */
function shown(values: SocietyValues, field: keyof SocietyValues) {
  const result = societyRules()['~standard'].validate(values) as {
    issues?: Array<{ message: string; path: string[] }>;
  };
  return result.issues?.find((issue) => issue.path[0] === field)?.message;
}

describe('society wizard rules, from the contract (admin-area §5)', () => {
  it('passes the first step with its required fields, the RUT and project left empty on create', () => {
    const rules = societyRules();
    expect(rules.passes(mainStep, MAIN)).toBe(true);
    for (const field of ['society_business_name', 'business_line', 'company_code', 'industry_type', 'group'] as const) {
      expect(rules.passes({ ...mainStep, [field]: '' }, MAIN), field).toBe(false);
    }
    // The contact step is checked on its own: still empty, it does not hold the first step back.
    expect(rules.passes(mainStep, CONTACT)).toBe(false);
  });

  it('requires the contact name and phone on the second step', () => {
    const rules = societyRules();
    const both = { ...mainStep, society_contact_name: 'Ana', society_phone_number: '+56911112222' };
    expect(rules.passes(both, CONTACT)).toBe(true);
    expect(rules.passes({ ...both, society_contact_name: '' }, CONTACT)).toBe(false);
    expect(rules.passes({ ...both, society_phone_number: '' }, CONTACT)).toBe(false);
  });

  it('requires the project and group on edit, though the PATCH leaves an unchanged group out', () => {
    const values = { ...mainStep, project: PROJECT };
    const rules = societyRules({ values, version: 3 });
    expect(rules.passes(values, MAIN)).toBe(true);
    expect(rules.passes({ ...values, project: '' }, MAIN)).toBe(false);
    expect(rules.passes({ ...values, group: '' }, MAIN)).toBe(false);
    expect(societyRules().passes({ ...values, project: '' }, MAIN)).toBe(true);
  });

  it('says the spec’s messages under the RUT, e-mail and phone, and nothing under an empty required text', () => {
    expect(shown({ ...mainStep, society_rut: '12.345.678-4' }, 'society_rut')).toBe(es.validation.rut);
    expect(shown({ ...mainStep, society_rut: '12.345.678-5' }, 'society_rut')).toBeUndefined();
    expect(shown({ ...mainStep, society_email: '' }, 'society_email')).toBe(es.validation.emailRequired);
    expect(shown({ ...mainStep, society_phone_number: '12+34' }, 'society_phone_number')).toBe(es.validation.phone);
    expect(shown({ ...mainStep, company_code: 'x'.repeat(21) }, 'company_code')).toBe(es.validation.tooLong(20));
    expect(shown({ ...mainStep, society_business_name: '' }, 'society_business_name')).toBeUndefined();
  });
});
