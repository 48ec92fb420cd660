import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate, useNavigation } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE } from './constants';
import { formatListHash, type ListHashState, parseListHash, withFilters, withPage } from './list-hash';

/** A hash that holds something ('' and a bare '#' do not). */
const filled = (hash: string | undefined) => (hash && hash !== '#' ? hash : undefined);

/** The address's own hash while the address is this page's (the router may not know it: see the effect below). */
const addressHash = (pathname: string) =>
  typeof window !== 'undefined' && window.location.pathname === pathname ? filled(window.location.hash) : undefined;

export interface ListHashOptions<K extends string> {
  /** The hash keys of the list, in the spec's order: ['search', 'project', 'ordering']. */
  keys: readonly K[];
  /** How many paginated lists share the hash (users: 2, '#1%1?...'). Default 1. */
  lists?: number;
  /** Values written when the page opens with no hash (the spec's default hashes per role). */
  defaults?: Partial<Record<K, string>>;
}

export interface ListHash<K extends string> {
  /** Page of the first list (1-based). */
  page: number;
  /** Pages of every list. */
  pages: number[];
  /** Current filter values; '' means "not filtered". */
  values: Record<K, string>;
  /** Rows per page (5, 15 or 30); in the hash as `&size=` when not the default. */
  pageSize: number;
  setPage: (page: number, list?: number) => void;
  /** Sets filters, empties the dependent keys in `clear`, and sends every list back to page 1. */
  setFilters: (changes: Partial<Record<K, string>>, clear?: readonly K[]) => void;
  /** Changes the page size and goes back to page 1. */
  setPageSize: (size: number) => void;
}

/**
 * A list's state kept in the URL hash (admin-area §2), e.g. `#2?search=norte&project=<uuid>&ordering=`. The hash is
 * replaced, not pushed, so Back leaves the list instead of stepping through its filters, and a return from a detail
 * page finds the list as it was. Opening the page without a hash writes the defaults.
 *
 * ```ts
 * const list = useListHash({ keys: ['search', 'project', 'ordering'], defaults: { project: storedProject } });
 * list.setFilters({ project: uuid }, ['group']); // project → group: a new project empties group; page back to 1
 * ```
 */
export function useListHash<K extends string>({ keys, lists = 1, defaults }: ListHashOptions<K>): ListHash<K> {
  const { hash, pathname, search } = useLocation();
  const navigate = useNavigate();
  const keyList = keys.join(',');
  const defaultsKey = JSON.stringify(defaults ?? {});

  const fallback = useMemo(() => {
    const values = Object.fromEntries(keyList.split(',').map((key) => [key, ''])) as Record<K, string>;
    Object.assign(values, JSON.parse(defaultsKey));
    return formatListHash<K>({ pages: Array.from({ length: lists }, () => 1), values }, keyList.split(',') as K[]);
  }, [keyList, lists, defaultsKey]);

  // The router's hash, or the defaults this page wrote into the address (below), or the defaults.
  const state = useMemo(
    () => parseListHash<K>(filled(hash) ?? addressHash(pathname) ?? fallback, keyList.split(',') as K[], lists),
    [hash, fallback, keyList, lists, pathname],
  );

  // No hash yet: the defaults go into the address, so it shows the state and a reload keeps it. Into the address only
  // (history.replaceState), not as a router navigation: a click that came before this effect ran ('+ Crear' on a
  // busy machine) started a navigation that another one would cancel or undo.
  useEffect(() => {
    if (filled(hash) || window.location.pathname !== pathname || addressHash(pathname)) return;
    window.history.replaceState(window.history.state, '', `${pathname}${search}${fallback}`);
  }, [hash, fallback, pathname, search]);

  // A person who clicked away (a menu link whose page is still loading) has left: a search typed just before, committed
  // by its pause now, must not navigate back here and cancel that navigation.
  const navigation = useNavigation();
  const leaving = useRef(false);
  leaving.current = navigation.state !== 'idle' && navigation.location?.pathname !== pathname;

  // flushSync: the list renders the new state at once, so a second click (the next page again) acts on it.
  const write = useCallback(
    (next: ListHashState<K>) =>
      !leaving.current &&
      navigate(
        { pathname, search, hash: formatListHash(next, keyList.split(',') as K[]) },
        { replace: true, flushSync: true },
      ),
    [navigate, pathname, search, keyList],
  );

  /**
   * The state as the address holds it right now: two changes in a row (before React renders the first) must not
   * undo each other.
   */
  const latest = (): ListHashState<K> =>
    parseListHash<K>(addressHash(pathname) ?? filled(hash) ?? fallback, keyList.split(',') as K[], lists);

  return {
    page: state.pages[0] ?? 1,
    pages: state.pages,
    values: state.values,
    pageSize: state.size ?? DEFAULT_PAGE_SIZE,
    setPage: (page, list = 0) => write(withPage(latest(), page, list)),
    setFilters: (changes, clear = []) => write(withFilters(latest(), changes, clear)),
    setPageSize: (size) => {
      const current = latest();
      write({ ...current, size, pages: current.pages.map(() => 1) });
    },
  };
}
