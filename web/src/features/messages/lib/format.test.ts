import { describe, expect, test } from 'vitest';
import { formatSize } from './format';

describe('formatSize', () => {
  test('bytes, kilobytes and megabytes as a Chilean reader writes them', () => {
    expect(formatSize(820)).toBe('820 B');
    expect(formatSize(1024)).toBe('1 KB');
    expect(formatSize(12_800)).toBe('12,5 KB');
    expect(formatSize(3.25 * 1024 * 1024)).toBe('3,3 MB');
    expect(formatSize(100 * 1024 * 1024)).toBe('100 MB');
  });
});
