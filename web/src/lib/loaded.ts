import type { UseQueryResult } from '@tanstack/react-query';

/** What list screens read from a query: its data, whether it is loading (again), and a reload for after a change. */
export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

export function loaded<T>(query: UseQueryResult<T>): Loaded<T> {
  return {
    data: query.data,
    error: query.error,
    loading: query.isFetching,
    reload: () => void query.refetch(),
  };
}
