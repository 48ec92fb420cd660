import { describe, expect, test } from 'vitest';
import { formatIndicatorDay, formatIndicatorValue, formatVariation, sparklinePoints } from './format';

describe('indicator formats (es-CL)', () => {
  test.each([
    ['dolar', 934.54, '$934,54'],
    ['uf', 33139.5, '$33.139,50'],
    ['utm', 58248, '$58.248'],
    ['ipc', 1.2, '1,2 %'],
    ['ipc', -0.2, '-0,2 %'],
  ] as const)('%s %d is %s', (code, value, text) => {
    expect(formatIndicatorValue(code, value)).toBe(text);
  });

  test('daily values show their day, monthly ones their month', () => {
    expect(formatIndicatorDay('dolar', '2022-07-04')).toBe('04-07-2022');
    expect(formatIndicatorDay('utm', '2022-07-01')).toBe('julio 2022');
    expect(formatIndicatorDay('ipc', '2022-05-01')).toBe('mayo 2022');
  });

  test('variation is unsigned, in % or percentage points', () => {
    expect(formatVariation('dolar', -0.26)).toBe('0,26 %');
    expect(formatVariation('ipc', -0.2)).toBe('0,2 pp');
  });
});

describe('sparkline', () => {
  test('oldest on the left, the highest value at the top', () => {
    expect(sparklinePoints([1, 3, 2], 100, 20)).toBe('2.0,18.0 50.0,2.0 98.0,10.0');
  });

  test('a flat or single-value series is a level line; an empty one draws nothing', () => {
    expect(sparklinePoints([5, 5], 100, 20)).toBe('2.0,10.0 98.0,10.0');
    expect(sparklinePoints([5], 100, 20)).toBe('2,10.0 98,10.0');
    expect(sparklinePoints([], 100, 20)).toBe('');
  });
});
