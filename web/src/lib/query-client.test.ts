import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient, shouldRetry } from './query-client';

describe('retries', () => {
  it.each([400, 401, 403, 404, 409, 429])('never for a %s', (status) => {
    expect(shouldRetry(0, new ApiError(status, 'X'))).toBe(false);
  });
  it.each([
    [0, 'NETWORK_ERROR'],
    [500, 'INTERNAL_ERROR'],
    [503, 'HTTP_503'],
  ])('twice for %s %s, then no more', (status, code) => {
    const error = new ApiError(status, code);
    expect([0, 1, 2].map((count) => shouldRetry(count, error))).toEqual([true, true, false]);
  });
});

describe('the cache after a write', () => {
  it('a successful write invalidates every cached read; a failed one, or a download, leaves them', async () => {
    const client = createQueryClient();
    await client.prefetchQuery({ queryKey: ['groups', 'list'], queryFn: async () => ['a'] });
    await client.prefetchQuery({ queryKey: ['societies', 'detail', 'x'], queryFn: async () => ({ name: 'x' }) });
    const stale = () =>
      client
        .getQueryCache()
        .findAll()
        .filter((query) => query.state.isInvalidated).length;
    expect(stale()).toBe(0);

    const failing = client.getMutationCache().build(client, {
      mutationFn: async () => {
        throw new ApiError(409, 'DATA_CONFLICT');
      },
    });
    await expect(failing.execute(undefined)).rejects.toThrow();
    expect(stale()).toBe(0);

    const download = client.getMutationCache().build(client, {
      mutationFn: async () => 'pdf',
      meta: { invalidates: false },
    });
    await download.execute(undefined);
    expect(stale()).toBe(0);

    const succeeding = client.getMutationCache().build(client, { mutationFn: async () => 'ok' });
    await succeeding.execute(undefined);
    expect(stale()).toBe(2);
  });
});
