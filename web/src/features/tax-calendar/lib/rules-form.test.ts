import { COMMITTED_RULES } from '@shared/tax-calendar/committed';
import { describe, expect, it } from 'vitest';
import { blankRules, fromPreviousYear, inYear, RULES_FORM, rulesIssues, toBody, toValues } from './rules-form';

const { year: _year, ...rules2026 } = COMMITTED_RULES[2026] as NonNullable<(typeof COMMITTED_RULES)[2026]>;

describe('the rules form', () => {
  it('round-trips a committed year into the contract’s body unchanged', () => {
    const values = toValues(rules2026);
    expect(RULES_FORM.passes(values)).toBe(true);
    expect(toBody(values)).toEqual(rules2026);
  });

  it('words each failing field under its own row, by the form’s path', () => {
    const values = toValues(rules2026);
    values.holidays.push({ date: '', name: '' });
    values.holidays[0] = { date: '2026-02-30', name: 'x'.repeat(101) };
    values.f29_day = '';
    values.f50_day = '32';
    values.f22_due = '30-04-2026';
    values.declarations[1] = { number: '187', name: ' ', due: '' };
    values.sources[2] = '   ';
    const byPath = Object.fromEntries(rulesIssues(values).map((i) => [i.path.join('.'), i.message]));
    expect(byPath).toEqual({
      'holidays.0.date': 'Escribe una fecha válida.',
      'holidays.0.name': 'Máximo 100 caracteres.',
      [`holidays.${values.holidays.length - 1}.date`]: 'Escribe la fecha del feriado.',
      [`holidays.${values.holidays.length - 1}.name`]: 'Escribe el nombre del feriado.',
      f29_day: 'Escribe un día del mes, de 1 a 31.',
      f50_day: 'Escribe un día del mes, de 1 a 31.',
      f22_due: 'Escribe una fecha válida.',
      'declarations.1.number': 'Escribe el número de cuatro dígitos (por ejemplo, 1887).',
      'declarations.1.name': 'Escribe el nombre de la declaración.',
      'declarations.1.due': 'Escribe la fecha de vencimiento de la declaración.',
      'sources.2': 'Escribe la fuente o quita la fila.',
    });
    expect(RULES_FORM.passes(values)).toBe(false);
    // TanStack Form reads the paths as 'holidays[0].date'.
    const result = RULES_FORM['~standard'].validate(values);
    expect('issues' in result && result.issues?.[0]?.path).toEqual(['holidays', 0, 'date']);
  });

  it('says how many rows a list may hold', () => {
    const values = toValues(blankRules(2030));
    values.sources = Array.from({ length: 21 }, (_, i) => `Fuente ${i}`);
    expect(rulesIssues(values)).toEqual([{ path: ['sources'], message: 'Puedes tener hasta 20 fuentes.' }]);
  });

  it('starts a year from the previous one’s values, each date on the same day of the new year', () => {
    const next = fromPreviousYear(COMMITTED_RULES[2027] as NonNullable<(typeof COMMITTED_RULES)[2027]>, 2028);
    expect(next.holidays[0]).toEqual({ date: '2028-01-01', name: 'Año Nuevo (irrenunciable)' });
    expect(next.holidays.every((h) => h.date.startsWith('2028-'))).toBe(true);
    expect(next.f22.due).toBe('2028-04-30');
    expect(next.declarations.every((d) => d.due.startsWith('2028-'))).toBe(true);
    expect(inYear('2028-02-29', 2029)).toBe('2029-02-28');
    expect(inYear('2027-02-28', 2028)).toBe('2028-02-28');
    expect(RULES_FORM.passes(toValues(next))).toBe(true);
  });
});
