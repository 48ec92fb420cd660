import {
  createRegistryEntry,
  deleteRegistryEntry,
  listRegistryChoices,
  listRegistryEntries,
  patchRegistryEntry,
} from '@shared/contracts/dashboard-registry';
import type { BodyInputOf, ResponseOf } from '@shared/contracts/define';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * The registry of embeddable dashboards: the SUPER_ADMIN's list and changes, and the choices a report's
 * form offers. Every change refreshes both.
 */
export type RegistryEntry = ResponseOf<typeof listRegistryEntries>[number];
export type RegistryTool = RegistryEntry['tool_type'];

export const useRegistryEntries = () =>
  useQuery({ queryKey: [listRegistryEntries.id], queryFn: ({ signal }) => api(listRegistryEntries, { signal }) });

/** The registered dashboards of one tool the caller's reports may pick. */
export const useRegistryChoices = (tool: RegistryTool, enabled = true) =>
  useQuery({
    queryKey: [listRegistryChoices.id, tool],
    enabled,
    queryFn: ({ signal }) => api(listRegistryChoices, { query: { tool_type: tool }, signal }),
  });

function useRegistryChange<V, R>(run: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: [listRegistryEntries.id] }),
        client.invalidateQueries({ queryKey: [listRegistryChoices.id] }),
      ]),
  });
}

export const useCreateRegistryEntry = () =>
  useRegistryChange((body: BodyInputOf<typeof createRegistryEntry>) => api(createRegistryEntry, { body }));

export const usePatchRegistryEntry = () =>
  useRegistryChange(({ uuid, ...body }: { uuid: string; name: string; project_list: string[] }) =>
    api(patchRegistryEntry, { params: { uuid }, body }),
  );

export const useDeleteRegistryEntry = () =>
  useRegistryChange((uuid: string) => api(deleteRegistryEntry, { params: { uuid } }));
