import { describe, expect, test } from 'vitest';
import {
  chunks,
  foldText,
  localPickerSource,
  nextPageOffset,
  type PickerPage,
  pickerQuery,
  pickerRows,
  unnamedValues,
} from './picker-logic';

const option = (value: string, label = `Item ${value}`) => ({ value, label });
const page = (count: number, values: string[]): PickerPage => ({ count, results: values.map((v) => option(v)) });

describe('nextPageOffset', () => {
  test('continues from what was received, not from pages × limit (an answer may stop early)', () => {
    expect(nextPageOffset([page(120, ['a', 'b', 'c'])])).toBe(3);
    expect(nextPageOffset([page(120, ['a', 'b']), page(120, ['c'])])).toBe(3);
  });
  test('stops when everything counted is loaded, or when a page comes back empty', () => {
    expect(nextPageOffset([page(3, ['a', 'b']), page(3, ['c'])])).toBeUndefined();
    expect(nextPageOffset([page(10, ['a']), page(10, [])])).toBeUndefined();
    expect(nextPageOffset([])).toBeUndefined();
  });
});

describe('unnamedValues and chunks', () => {
  test('asks only for selected values without a known name, sorted and once each', () => {
    const known = new Map([['b', 'Bravo']]);
    expect(unnamedValues(['c', 'b', 'a', 'c'], known)).toEqual(['a', 'c']);
    expect(unnamedValues(['b'], known)).toEqual([]);
  });
  test('splits uuids into requests of at most 500', () => {
    const values = Array.from({ length: 1001 }, (_, i) => String(i));
    expect(chunks(values).map((chunk) => chunk.length)).toEqual([500, 500, 1]);
    expect(chunks([])).toEqual([]);
  });
});

describe('pickerRows', () => {
  test('pins every selected value on top, even when the search did not return it, named when known', () => {
    const known = new Map([
      ['s1', 'Sociedad Uno'],
      ['r1', 'Item r1'],
    ]);
    const rows = pickerRows(['s1', 'gone'], [option('r1'), option('s1'), option('r1')], known);
    expect(rows.pinned).toEqual([
      { value: 's1', label: 'Sociedad Uno' },
      { value: 'gone', label: '…' },
    ]);
    expect(rows.others).toEqual([option('r1')]);
  });
});

describe('pickerQuery', () => {
  test('sends uuids comma-separated and leaves out an empty search', () => {
    expect(pickerQuery({ limit: 2, offset: 0, uuids: ['a', 'b'] })).toEqual({ limit: 2, offset: 0, uuids: 'a,b' });
    expect(pickerQuery({ limit: 50, offset: 50, search: '' })).toEqual({ limit: 50, offset: 50 });
    expect(pickerQuery({ limit: 50, offset: 0, search: 'ñu' })).toEqual({ limit: 50, offset: 0, search: 'ñu' });
  });
});

describe('localPickerSource', () => {
  const groups = [option('1', 'Grupo Ñuñoa'), option('2', 'Grupo Norte'), option('3', 'Grupo Sur')];
  test('searches without accents or case and pages like the server', async () => {
    const source = localPickerSource(['groups'], groups);
    expect(await source.fetchPage({ search: 'NUNOA', limit: 10, offset: 0 })).toEqual({
      count: 1,
      results: [groups[0]],
    });
    expect(await source.fetchPage({ limit: 2, offset: 2 })).toEqual({ count: 3, results: [groups[2]] });
    expect(await source.fetchPage({ uuids: ['3', 'x'], limit: 2, offset: 0 })).toEqual({
      count: 1,
      results: [groups[2]],
    });
  });
  test('is disabled until its options are loaded', () => {
    expect(localPickerSource(['groups'], undefined).enabled).toBe(false);
    expect(localPickerSource(['groups'], groups, false).enabled).toBe(false);
    expect(localPickerSource(['groups'], groups).enabled).toBe(true);
  });
  test('foldText drops accents and case', () => {
    expect(foldText('Ñandú ÁRBOL')).toBe('nandu arbol');
  });
});
