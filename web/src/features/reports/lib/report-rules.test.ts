import { es } from '@shared/i18n/es';
import { describe, expect, it } from 'vitest';
import { EMPTY_REPORT, type ReportValues } from '@/features/reports/api/report-form';
import { reportRules } from './report-rules';

const PROJECT = '0b6f8c2e-7d3a-4e59-9a1b-3c4d5e6f7a8b';
const MODULE = '1c7a9d3f-8e4b-4f6a-8b2c-4d5e6f7a8b9c';

/** A report every step of which passes. */
const filled: ReportValues = {
  ...EMPTY_REPORT,
  report_name: 'Ventas',
  menu_name: 'Ventas',
  description: 'Tablero de ventas',
  enable_user_society: true,
  project_list: [PROJECT],
  module: MODULE,
};

describe('the report wizard checks each step by the contract (portal §4, §5)', () => {
  const { rules, stepPasses } = reportRules();

  it('passes every step of a complete report', () => {
    expect([0, 1, 2, 3].map((step) => stepPasses(filled, step))).toEqual([true, true, true, true]);
    expect(rules['~standard'].validate(filled)).toEqual({ value: filled });
  });

  it('holds the main step on an empty or too long text, saying the bound under the field', () => {
    expect(stepPasses({ ...filled, report_name: '  ' }, 0)).toBe(false);
    const long = { ...filled, menu_name: 'x'.repeat(61) };
    expect(stepPasses(long, 0)).toBe(false);
    // A later step does not hold on a field of the first.
    expect(stepPasses(long, 3)).toBe(true);
    expect(rules['~standard'].validate(long)).toEqual({
      issues: [{ message: es.validation.tooLong(60), path: ['menu_name'] }],
    });
  });

  it('asks a BI tool for its registered dashboard, which the contract leaves optional', () => {
    expect(stepPasses({ ...filled, tool_type: 'QUICKSIGHT' }, 0)).toBe(false);
    expect(stepPasses({ ...filled, tool_type: 'QUICKSIGHT', aws_id_dashboard: 'ventas-1' }, 0)).toBe(true);
    expect(stepPasses({ ...filled, tool_type: 'POWER_BI' }, 0)).toBe(false);
    expect(
      stepPasses({ ...filled, tool_type: 'POWER_BI', url: 'https://app.powerbi.com/reportEmbed?reportId=r' }, 0),
    ).toBe(true);
  });

  it('asks the users step for a user type and, on create, a target', () => {
    expect(stepPasses({ ...filled, enable_user_society: false }, 1)).toBe(false);
    expect(stepPasses({ ...filled, project_list: [] }, 1)).toBe(false);
    // Edited, the targets may be emptied.
    expect(reportRules(filled).stepPasses({ ...filled, project_list: [] }, 1)).toBe(true);
  });

  it('holds the parameters on an empty custom one or a reserved name', () => {
    const custom = { parameter_name: 'region', parameter_content: 'norte', project: PROJECT };
    expect(stepPasses({ ...filled, parameter_list: [custom] }, 2)).toBe(true);
    expect(stepPasses({ ...filled, parameter_list: [{ ...custom, parameter_content: ' ' }] }, 2)).toBe(false);
    expect(stepPasses({ ...filled, parameter_list: [{ ...custom, parameter_name: 'Society' }] }, 2)).toBe(false);
    expect(stepPasses({ ...filled, fixed: { user_parameter_name: 'usuario' } }, 2)).toBe(true);
    expect(stepPasses({ ...filled, fixed: { user_parameter_name: 'user' } }, 2)).toBe(false);
  });

  it('holds the last step until a module is chosen', () => {
    expect(stepPasses({ ...filled, module: '' }, 3)).toBe(false);
  });
});
