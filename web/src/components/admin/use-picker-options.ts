import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { PICKER_SEARCH_DEBOUNCE_MS } from './constants';
import {
  chunks,
  nextPageOffset,
  PICKER_PAGE_SIZE,
  type PickerPage,
  type PickerSource,
  type SelectionOption,
  unnamedValues,
} from './picker-logic';

/** `value`, once it has not changed for `delayMs` (the person stopped typing). */
export function useDebounced<T>(value: T, delayMs = PICKER_SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * The options of a searchable picker: the pages of `search` from the server (useInfiniteQuery; the previous
 * results stay while the next search loads), and the names of `selected` values not seen in any page, fetched by
 * `uuids=` so an edit form shows what is already chosen. `names` keeps every name seen, so toggling does not refetch.
 */
export function usePickerOptions(source: PickerSource, search: string, selected: readonly string[]) {
  const enabled = source.enabled ?? true;
  const text = search.trim();
  const pages = useInfiniteQuery({
    queryKey: [...source.key, 'search', text],
    queryFn: ({ pageParam, signal }) =>
      source.fetchPage({ limit: PICKER_PAGE_SIZE, offset: pageParam, ...(text && { search: text }) }, signal),
    initialPageParam: 0,
    getNextPageParam: (_last, all) => nextPageOffset(all),
    placeholderData: keepPreviousData,
    enabled,
  });

  const names = useRef(new Map<string, string>());
  const remember = (options: readonly SelectionOption[]) => {
    for (const option of options) names.current.set(option.value, option.label);
  };
  const results = pages.data?.pages.flatMap((page) => page.results) ?? [];
  remember(results);

  const unnamed = unnamedValues(selected, names.current);
  const named = useQuery({
    queryKey: [...source.key, 'uuids', unnamed],
    queryFn: async ({ signal }): Promise<PickerPage> => {
      const answers = await Promise.all(
        chunks(unnamed).map((uuids) => source.fetchPage({ uuids, limit: uuids.length, offset: 0 }, signal)),
      );
      const found = answers.flatMap((answer) => answer.results);
      return { count: found.length, results: found };
    },
    enabled: enabled && unnamed.length > 0,
  });
  if (named.data) remember(named.data.results);

  const first = pages.data?.pages[0];
  return {
    results,
    names: names.current as ReadonlyMap<string, string>,
    count: first?.count ?? 0,
    loading: pages.isPending && enabled,
    searching: pages.isFetching && !pages.isFetchingNextPage,
    hasMore: pages.hasNextPage,
    loadingMore: pages.isFetchingNextPage,
    loadMore: () => void pages.fetchNextPage(),
    failed: pages.isError || named.isError,
  };
}
