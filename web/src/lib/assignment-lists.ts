import { getModuleAccounting, getModuleReport } from '@shared/contracts/modules';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { type UserInfo, useSession } from './session';
import { readLocal } from './storage';

/**
 * The caller's stored selection as the query of the user lists and the viewer (portal §3 "stored browser values";
 * §4 Home: PROJECT_ADMIN works with a project, GROUP_ADMIN and USER_GROUP with a group, USER_SOCIETY with a society).
 * The stored uuid when it is one of the profile's, else the first; the server checks it against the caller's record.
 */
export function selectionQuery(profile: UserInfo | null): { project?: string; group?: string; society?: string } {
  if (!profile) return {};
  const pick = (kind: 'project' | 'group' | 'society', items: ReadonlyArray<{ uuid: string }>) => {
    const stored = readLocal(kind);
    const uuid = stored && items.some((item) => item.uuid === stored) ? stored : items[0]?.uuid;
    return uuid ? { [kind]: uuid } : {};
  };
  switch (profile.profile.user_role) {
    case 'PROJECT_ADMIN':
      return pick('project', profile.projects);
    case 'GROUP_ADMIN':
    case 'USER_GROUP':
      return pick('group', profile.groups);
    case 'USER_SOCIETY':
      return pick('society', profile.societies);
    default:
      return {};
  }
}

export const useSelectionQuery = () => selectionQuery(useSession().profile);

/** GET api/v1/modules/module/get-module-report/: the sidebar's 'Mis reportes', by module, for the selection. */
export function useMyReports() {
  const { profile } = useSession();
  const query = selectionQuery(profile);
  return useQuery({
    queryKey: [getModuleReport.id, query],
    queryFn: ({ signal }) => api(getModuleReport, { query, signal }),
    enabled: Boolean(profile) && profile?.profile.user_role !== 'SUPER_ADMIN',
  });
}

/** GET api/v1/modules/module/get-module-accounting/: the sidebar's Contabilidad entries, by module. */
export function useMyAccounting() {
  const { profile } = useSession();
  const query = selectionQuery(profile);
  return useQuery({
    queryKey: [getModuleAccounting.id, query],
    queryFn: ({ signal }) => api(getModuleAccounting, { query, signal }),
    enabled: Boolean(profile) && profile?.profile.user_role !== 'SUPER_ADMIN',
  });
}

export interface SidebarLink {
  key: string;
  to: string;
  label: string;
}

/** 'Mis reportes' entries by menu_name, each opening /reportView/{uuid}. */
export function useMyReportLinks(): SidebarLink[] {
  const { data } = useMyReports();
  return (data ?? []).flatMap((module) =>
    module.report_list.map((r) => ({ key: r.uuid, to: `/reportView/${r.uuid}`, label: r.menu_name })),
  );
}

/** Contabilidad entries by menu_name, each opening /accounting/{type}/{uuid} (type 1–4 from accounting_type). */
export function useMyAccountingLinks(): SidebarLink[] {
  const { data } = useMyAccounting();
  return (data ?? []).flatMap((module) =>
    module.report_list.map((r) => ({ key: r.uuid, to: `/accounting/${r.type}/${r.uuid}`, label: r.menu_name })),
  );
}
