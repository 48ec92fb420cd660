import { describe, expect, it } from 'vitest';
import { formatListHash, parseListHash, withFilters, withPage } from './list-hash';

const GROUP_KEYS = ['search', 'project', 'ordering'] as const;
const USER_KEYS = ['search', 'project', 'group', 'society', 'ordering', 'user_role'] as const;

describe('list state in the hash (admin-area §2)', () => {
  it('formats every key, empty or not, in the given order', () => {
    expect(formatListHash({ pages: [1], values: { search: '', project: 'p-1', ordering: '' } }, GROUP_KEYS)).toBe(
      '#1?search=&project=p-1&ordering=',
    );
    expect(
      formatListHash(
        { pages: [1, 1], values: { search: '', project: '', group: '', society: '', ordering: '', user_role: '' } },
        USER_KEYS,
      ),
    ).toBe('#1%1?search=&project=&group=&society=&ordering=&user_role=');
  });

  it('parses the spec default hashes', () => {
    expect(parseListHash('#1?search=&project=abc&ordering=', GROUP_KEYS)).toEqual({
      pages: [1],
      values: { search: '', project: 'abc', ordering: '' },
    });
    expect(parseListHash('#3%2?search=ana&project=&group=&society=&ordering=email&user_role=', USER_KEYS, 2)).toEqual({
      pages: [3, 2],
      values: { search: 'ana', project: '', group: '', society: '', ordering: 'email', user_role: '' },
    });
  });

  it('round-trips text with spaces, accents and separators', () => {
    const state = { pages: [4], values: { search: 'Grupo Ñuble & co?=%', project: '', ordering: 'group_name' } };
    const hash = formatListHash(state, GROUP_KEYS);
    expect(hash.startsWith('#4?search=')).toBe(true);
    expect(parseListHash(hash, GROUP_KEYS)).toEqual(state);
  });

  it('reads missing or bad parts as page 1 and empty values, ignoring unknown keys', () => {
    expect(parseListHash('', GROUP_KEYS)).toEqual({ pages: [1], values: { search: '', project: '', ordering: '' } });
    expect(parseListHash('#x?other=1&search=a', GROUP_KEYS).pages).toEqual([1]);
    expect(parseListHash('#0?search=a', GROUP_KEYS)).toEqual({
      pages: [1],
      values: { search: 'a', project: '', ordering: '' },
    });
    expect(parseListHash('#-2', GROUP_KEYS).pages).toEqual([1]);
    expect(parseListHash('#2', USER_KEYS, 2).pages).toEqual([2, 1]);
    expect(parseListHash('#1?search=%E0%A4%A', GROUP_KEYS).values.search).toBe('%E0%A4%A');
    expect(parseListHash('#1?search=a+b', GROUP_KEYS).values.search).toBe('a b');
  });

  it('resets dependent filters and every page when a filter changes', () => {
    const state = {
      pages: [3],
      values: { search: 'x', project: 'p', group: 'g' } as Record<'search' | 'project' | 'group', string>,
    };
    expect(withFilters(state, { project: 'q' }, ['group'])).toEqual({
      pages: [1],
      values: { search: 'x', project: 'q', group: '' },
    });
    expect(withFilters(state, { search: 'y' })).toEqual({
      pages: [1],
      values: { search: 'y', project: 'p', group: 'g' },
    });
  });

  it('sets one list page without touching the others', () => {
    const state = { pages: [2, 5], values: { search: '' } };
    expect(withPage(state, 4, 1).pages).toEqual([2, 4]);
    expect(withPage(state, 0).pages).toEqual([1, 5]);
  });

  it('keeps a page size other than the default in the hash, and filters keep it', () => {
    const state = { pages: [2], values: { search: 'a', project: '', ordering: '' }, size: 15 };
    expect(formatListHash(state, GROUP_KEYS)).toBe('#2?search=a&project=&ordering=&size=15');
    expect(parseListHash('#2?search=a&project=&ordering=&size=15', GROUP_KEYS)).toEqual(state);
    expect(withFilters(state, { search: 'b' })).toEqual({
      ...state,
      pages: [1],
      values: { ...state.values, search: 'b' },
    });
    // The default size and sizes the lists do not offer leave the hash as the spec writes it.
    expect(formatListHash({ ...state, size: 5 }, GROUP_KEYS)).toBe('#2?search=a&project=&ordering=');
    expect(parseListHash('#1?search=&size=7', GROUP_KEYS).size).toBeUndefined();
  });
});
