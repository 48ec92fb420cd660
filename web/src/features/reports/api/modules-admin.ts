import { createModule, deleteModule, listModules, patchModule } from '@shared/contracts/modules';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * The modules screen's calls (portal §7 Modules): GET, POST, PATCH and DELETE api/v1/modules/module/administration/.
 * Every change refreshes the module lists (the wizards' 'Ubicación' step reads them too).
 */
export type ModuleType = 'REPORT' | 'ACCOUNTING';

export const fetchModules = (moduleType: ModuleType, signal?: AbortSignal) =>
  api(listModules, { query: { module_type: moduleType }, signal });

export const useModuleList = (moduleType: ModuleType) =>
  useQuery({ queryKey: [listModules.id, moduleType], queryFn: ({ signal }) => fetchModules(moduleType, signal) });

function useModuleChange<V, R>(run: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: [listModules.id] }),
  });
}

export const useCreateModule = () =>
  useModuleChange((body: { module_name: string; module_type: ModuleType }) => api(createModule, { body }));

export const useRenameModule = () =>
  useModuleChange(({ uuid, module_name }: { uuid: string; module_name: string }) =>
    api(patchModule, { params: { uuid }, body: { module_name } }),
  );

export const useDeleteModule = () => useModuleChange((uuid: string) => api(deleteModule, { params: { uuid } }));
