import { es } from '@shared/i18n/es';
import { describe, expect, it } from 'vitest';
import { EMPTY_ASSIGNMENT } from '@/components/assignments/assignment-values';
import { type AccountingValues, accountingFormData, accountingRules } from './assignment-rules';

const SOCIETY = '0b6f8c2e-7d3a-4e59-9a1b-3c4d5e6f7a8b';
const MODULE = '1c7a9d3f-8e4b-4f6a-8b2c-4d5e6f7a8b9c';

const filled: AccountingValues = {
  ...EMPTY_ASSIGNMENT,
  accounting_type: 'BALANCE_8_COLUMNS',
  menu_name: 'Balance',
  description: 'Balance de 8 columnas',
  enable_user_society: true,
  society_list: [SOCIETY],
  module: MODULE,
};

describe('the accounting assignment wizard checks each step by the contract (portal §4, §5)', () => {
  const { rules, stepPasses } = accountingRules();

  it('passes every step of a complete assignment, and sends its type with the shared fields', () => {
    expect([0, 1, 2].map((step) => stepPasses(filled, step))).toEqual([true, true, true]);
    const body = accountingFormData(filled);
    expect([body.get('accounting_type'), body.get('menu_name'), body.get('module')]).toEqual([
      'BALANCE_8_COLUMNS',
      'Balance',
      MODULE,
    ]);
  });

  it('holds the main step without a type, on an empty text, or past the bound (said under the field)', () => {
    expect(stepPasses({ ...filled, accounting_type: '' }, 0)).toBe(false);
    expect(stepPasses({ ...filled, description: ' ' }, 0)).toBe(false);
    const long = { ...filled, description: 'x'.repeat(501) };
    expect(stepPasses(long, 0)).toBe(false);
    expect(stepPasses(long, 2)).toBe(true);
    expect(rules['~standard'].validate(long)).toEqual({
      issues: [{ message: es.validation.tooLong(500), path: ['description'] }],
    });
  });

  it('asks the users step for a user type and, on create, a target; the last step for a module', () => {
    expect(stepPasses({ ...filled, enable_user_society: false }, 1)).toBe(false);
    expect(stepPasses({ ...filled, society_list: [] }, 1)).toBe(false);
    expect(accountingRules(filled).stepPasses({ ...filled, society_list: [] }, 1)).toBe(true);
    expect(stepPasses({ ...filled, module: '' }, 2)).toBe(false);
  });
});
