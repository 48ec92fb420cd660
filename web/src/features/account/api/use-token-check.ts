import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '@/lib/api-client';

export type TokenCheckState = 'checking' | 'valid' | 'failed';

/** A link's token is refused (unknown, used, expired or malformed): the page goes to /expiredToken. */
export function isRefusedToken(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 400 || error.status === 404 || error.code === 'INVALID_TOKEN');
}

/**
 * Checks a mailed link's token before its form shows (registration, password reset): a refused token leads to
 * /expiredToken; a failure of the network or the server leaves the page with a retry.
 */
export function useTokenCheck<T>(check: (signal: AbortSignal) => Promise<T>) {
  const navigate = useNavigate();
  const [state, setState] = useState<TokenCheckState>('checking');
  const [data, setData] = useState<T | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    void attempt;
    const controller = new AbortController();
    setState('checking');
    check(controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        setData(answer);
        setState('valid');
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (isRefusedToken(error)) navigate('/expiredToken', { replace: true });
        else setState('failed');
      },
    );
    return () => controller.abort();
  }, [check, navigate, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, data, retry };
}
