import { getModuleAccounting, getModuleReport } from '@shared/contracts/modules';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { useSelection } from './selection';
import { useSession } from './session';

/**
 * The caller's selection (lib/selection.ts: portal §2 Home) as the query of the user lists and the viewer; the
 * server checks it against the caller's record. Re-read when the selection changes, so the sidebar follows it.
 */
export function useSelectionQuery(): { project?: string; group?: string; society?: string } {
  const { kind, selected } = useSelection(useSession().profile);
  return kind && selected ? { [kind]: selected } : {};
}

/** GET api/v1/modules/module/get-module-report/: the sidebar's 'Mis reportes', by module, for the selection. */
export function useMyReports() {
  const { profile } = useSession();
  const query = useSelectionQuery();
  return useQuery({
    queryKey: [getModuleReport.id, query],
    queryFn: ({ signal }) => api(getModuleReport, { query, signal }),
    enabled: Boolean(profile) && profile?.profile.user_role !== 'SUPER_ADMIN',
  });
}

/** GET api/v1/modules/module/get-module-accounting/: the sidebar's Contabilidad entries, by module. */
export function useMyAccounting() {
  const { profile } = useSession();
  const query = useSelectionQuery();
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
