import { describe, expect, it } from 'vitest';
import { formatCount, pageCount, pageOffset, pagerPages, showsPageSize } from './pagination';
import { clampStep } from './wizard-state';

describe('pager (admin-area §2, §9)', () => {
  it.each([
    [1, 10, [1, 2, 3]],
    [2, 10, [1, 2, 3]],
    [5, 10, [4, 5, 6]],
    [9, 10, [8, 9, 10]],
    [10, 10, [9, 10]],
    [1, 1, [1]],
    [1, 2, [1, 2]],
    [2, 2, [1, 2]],
    [2, 3, [1, 2, 3]],
    [3, 3, [2, 3]],
    [12, 10, [9, 10]],
    [0, 4, [1, 2, 3]],
    [1, 0, []],
  ])('page %i of %i shows %j', (page, pages, shown) => {
    expect(pagerPages(page, pages)).toEqual(shown);
  });

  it('never shows more than 3 buttons, and 2 on the last of several pages', () => {
    for (let pages = 1; pages <= 12; pages++) {
      for (let page = 1; page <= pages; page++) {
        const shown = pagerPages(page, pages);
        expect(shown.length).toBeLessThanOrEqual(3);
        expect(shown).toContain(page);
        if (page === pages && pages > 1) expect(shown).toHaveLength(2);
      }
    }
  });

  it('counts pages and offsets as ceil(total / size) and (page - 1) × size', () => {
    expect(pageCount(0, 5)).toBe(0);
    expect(pageCount(5, 5)).toBe(1);
    expect(pageCount(6, 5)).toBe(2);
    expect(pageCount(31, 15)).toBe(3);
    expect(pageOffset(1, 5)).toBe(0);
    expect(pageOffset(3, 15)).toBe(30);
    expect(pageOffset(0, 15)).toBe(0);
  });

  it('shows the page-size selector on page 1 with at least 5 rows only', () => {
    expect(showsPageSize(1, 5)).toBe(true);
    expect(showsPageSize(1, 4)).toBe(false);
    expect(showsPageSize(2, 50)).toBe(false);
  });
});

describe('wizard step index (admin-area §4)', () => {
  it.each([
    [0, 4, 0],
    [3, 4, 3],
    [4, 4, 3],
    [-1, 4, 0],
    [1.7, 3, 1],
    [Number.NaN, 3, 0],
    [2, 0, 0],
  ])('%s of %i steps → %i', (index, count, expected) => {
    expect(clampStep(index, count)).toBe(expected);
  });
});

describe('pager range', () => {
  it('writes counts with thousands dots', () => {
    expect(formatCount(1222)).toBe('1.222');
    expect(formatCount(15)).toBe('15');
    expect(formatCount(1_000_000)).toBe('1.000.000');
  });
});
