import {
  createAccountingAssignment,
  deleteAccountingAssignment,
  getAccountingAssignment,
  listAccountingAssignments,
  patchAccountingAssignment,
} from '@shared/contracts/accounting-assignments';
import type { BodyInputOf, ResponseOf } from '@shared/contracts/define';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api, type QueryInputOf } from '@/lib/api-client';

/**
 * Accounting assignments (portal §7): list, one, create (multipart), patch (form data: edit or the enable toggle),
 * delete, each with its TanStack Query hook.
 */
export type AssignmentDetail = ResponseOf<typeof getAccountingAssignment>;
export type AssignmentsQuery = QueryInputOf<typeof listAccountingAssignments>;

export const useAssignments = (query: AssignmentsQuery) =>
  useQuery({
    queryKey: [listAccountingAssignments.id, query],
    queryFn: ({ signal }) => api(listAccountingAssignments, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const useAssignment = (uuid: string) =>
  useQuery({
    queryKey: [getAccountingAssignment.id, uuid],
    queryFn: ({ signal }) => api(getAccountingAssignment, { params: { uuid }, signal }),
  });

export const useCreateAssignment = () =>
  useMutation({ mutationFn: (body: FormData) => api(createAccountingAssignment, { body }) });

export const useUpdateAssignment = () =>
  useMutation({
    mutationFn: ({ uuid, body }: { uuid: string; body: BodyInputOf<typeof patchAccountingAssignment> | FormData }) =>
      api(patchAccountingAssignment, { params: { uuid }, body }),
  });

export const useDeleteAssignment = () =>
  useMutation({ mutationFn: (uuid: string) => api(deleteAccountingAssignment, { params: { uuid } }) });
