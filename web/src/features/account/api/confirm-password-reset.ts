import { confirmPasswordReset } from '@shared/contracts/registration';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type QueryInputOf } from '@/lib/api-client';

export type PasswordResetCheckQuery = QueryInputOf<typeof confirmPasswordReset>;

/** GET api/v1/users/password/reset/?token=: checks a reset link before its form. */
export const fetchPasswordResetCheck = (query: PasswordResetCheckQuery, signal?: AbortSignal) =>
  api(confirmPasswordReset, { query, signal });

export const passwordResetCheckQueryOptions = (query: PasswordResetCheckQuery) =>
  queryOptions({
    queryKey: [confirmPasswordReset.id, query],
    queryFn: ({ signal }) => fetchPasswordResetCheck(query, signal),
  });

/** `enabled` false (a picker before its parent is chosen) loads nothing. */
export const usePasswordResetCheck = (query: PasswordResetCheckQuery, enabled = true) =>
  useQuery({ ...passwordResetCheckQueryOptions(query), enabled });
