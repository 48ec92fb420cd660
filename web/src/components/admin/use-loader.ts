import { useCallback, useEffect, useRef, useState } from 'react';

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  /** Loads again with the same key (after a delete, for instance). */
  reload: () => void;
}

/**
 * Loads data for a key: whenever `key` changes the previous request is aborted and `load` runs again; a null key
 * loads nothing (data undefined). The key is any string that changes when the request must change, e.g.
 * `JSON.stringify(query)`. Stale answers never overwrite newer ones.
 *
 * ```ts
 * const { data, loading, reload } = useLoader(JSON.stringify(query), (signal) => api(listGroups, { query, signal }));
 * ```
 */
export function useLoader<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): Loaded<T> {
  const loadRef = useRef(load);
  loadRef.current = load;
  const [tick, setTick] = useState(0);
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>({
    data: undefined,
    error: null,
    loading: key !== null,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `tick` is the reload trigger; `load` is read through a ref.
  useEffect(() => {
    if (key === null) {
      setState({ data: undefined, error: null, loading: false });
      return;
    }
    const controller = new AbortController();
    setState((previous) => ({ ...previous, loading: true }));
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ data, error: null, loading: false });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ data: undefined, error, loading: false });
      },
    );
    return () => controller.abort();
  }, [key, tick]);

  const reload = useCallback(() => setTick((value) => value + 1), []);
  return { ...state, reload };
}
