import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { onSessionChange } from './session';

/** How many times a failed read is tried again: never for a 4xx (asking again gets the same answer), twice otherwise. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * The SPA's one query cache. A screen that opens shows what the cache holds at once and asks again (reads
 * are stale at once: another user's change must show when a list is opened again); they are not refetched on window
 * focus (a form being filled in must not change under the user). After any successful write every cached read is marked stale and the
 * ones on screen load again: a write changes counts and names that other areas show (a group's societies count, the
 * group name on a society), so no area's cache can be trusted after it. Writes are never retried.
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
    mutationCache: new MutationCache({
      // A download is a mutation for its pending/error state only: `meta: { invalidates: false }` changes nothing.
      onSuccess: (_data, _variables, _context, mutation) =>
        mutation.meta?.invalidates === false ? undefined : client.invalidateQueries(),
    }),
  });
  return client;
}

export const queryClient = createQueryClient();

/**
 * <html data-fetching> while a read or a write is in flight: with <html data-navigating> (router.tsx), a script that
 * drives the SPA (the browser tests' `settled`) knows the page's data has come, whatever else the network does.
 */
export function markFetching(client: QueryClient): () => void {
  const mark = () =>
    document.documentElement.toggleAttribute('data-fetching', client.isFetching() + client.isMutating() > 0);
  const offQueries = client.getQueryCache().subscribe(mark);
  const offMutations = client.getMutationCache().subscribe(mark);
  mark();
  return () => {
    offQueries();
    offMutations();
    document.documentElement.removeAttribute('data-fetching');
  };
}

// What one user read is never shown to the next one signing in on this page.
onSessionChange(() => queryClient.clear());
