import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '@/lib/api-client';

export type TokenCheckState = 'checking' | 'valid' | 'failed';

/** A link's token is refused (unknown, used, expired or malformed): the page goes to /expiredToken. */
export function isRefusedToken(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 400 || error.status === 404 || error.code === 'INVALID_TOKEN');
}

/**
 * Checks a mailed link's token before its form shows (registration, password reset), as a query: a refused token
 * leads to /expiredToken; a failure of the network or the server leaves the page with a retry.
 */
export function useTokenCheck<T, K extends QueryKey>(options: UseQueryOptions<T, Error, T, K>) {
  const navigate = useNavigate();
  const check = useQuery(options);
  const refused = check.isError && isRefusedToken(check.error);
  // An invitation already accepted says so (sign in), not that the link expired.
  const used = check.isError && check.error instanceof ApiError && check.error.code === 'INVITATION_USED';
  useEffect(() => {
    if (refused) navigate('/expiredToken', { replace: true, state: { used } });
  }, [refused, used, navigate]);
  const state: TokenCheckState = check.isSuccess ? 'valid' : check.isError && !refused ? 'failed' : 'checking';
  return { state, data: check.data ?? null, retry: () => void check.refetch() };
}
