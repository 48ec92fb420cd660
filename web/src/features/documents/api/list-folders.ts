import { listFolders, listTaxFolders, listUserFolders, listUserTaxFolders } from '@shared/contracts/folders';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Level } from '../lib/levels';

/**
 * GET api/v1/folders/list, folders/user/list, folders-tax/list and folders-tax/user/list: one level of the tree, for
 * the admin manager or the user browser, picked by the level (tax panel or not).
 */
export function fetchLevel(level: Level, admin: boolean, search: string, signal?: AbortSignal) {
  const page = { search: search || undefined, limit: 10_000 };
  if (level.tax && level.society) {
    return api(admin ? listTaxFolders : listUserTaxFolders, {
      query: { society: level.society, form: level.form, year: level.year, ...page },
      signal,
    });
  }
  if (admin) {
    return api(listFolders, {
      query: { project: level.project, group: level.group, society: level.society, folder: level.folder, ...page },
      signal,
    });
  }
  return api(listUserFolders, {
    query: { project: level.project, society: level.society, folder: level.folder, ...page },
    signal,
  });
}

export const useLevel = (level: Level, admin: boolean, search: string) =>
  useQuery({
    queryKey: ['documents-level', admin, level, search],
    queryFn: ({ signal }) => fetchLevel(level, admin, search, signal),
    placeholderData: keepPreviousData,
  });
