import { describe, expect, it } from 'vitest';
import { formatDay } from './day';

describe('formatDay', () => {
  it('writes ISO days and timestamps as DD-MM-YYYY', () => {
    expect(formatDay('2022-07-04')).toBe('04-07-2022');
    expect(formatDay('2025-12-31T23:59:00.000Z')).toBe('31-12-2025');
  });
  it('keeps what is not an ISO day', () => {
    expect(formatDay('')).toBe('');
    expect(formatDay(null)).toBe('');
    expect(formatDay('31/12/2025')).toBe('31/12/2025');
  });
});
