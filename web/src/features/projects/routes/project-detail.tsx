import { es } from '@shared/i18n/es';
import { useParams } from 'react-router-dom';
import {
  DetailField,
  DetailList,
  DetailPage,
  formatDate,
  PrintInfoButton,
  personLabel,
  ShortId,
  StatusBadge,
} from '@/components/admin';
import { useProject } from '@/features/projects/api/get-project';
import { fetchProjectPdf } from '@/features/projects/api/get-project-pdf';

const t = es.projectsAdmin;

/**
 * /admin/projects/detail/{uuid} (admin-area §2): name, ID (short, with copy), description, creation date, status,
 * groups, admins and 'Imprimir info'.
 */
export function ProjectDetailRoute() {
  const { uuid = '' } = useParams();
  const { data, error, isPending: loading } = useProject(uuid);
  const title = data?.project_name ?? es.pages.adminProjectDetail;
  return (
    <DetailPage
      title={title}
      crumbs={[{ label: t.title, to: '/admin/projects' }, { label: title }]}
      loading={loading}
      error={error}
      actions={
        data ? (
          <PrintInfoButton fetchPdf={() => fetchProjectPdf(data.uuid)} fileName={`proyecto-${data.project_name}`} />
        ) : null
      }
    >
      {data ? (
        <>
          <DetailField label={t.detail.name}>{data.project_name}</DetailField>
          <DetailField label={es.adminUi.id}>
            <ShortId id={data.uuid} />
          </DetailField>
          <DetailField label={t.detail.client}>{data.client_name}</DetailField>
          <DetailField label={t.detail.description}>{data.service_description}</DetailField>
          <DetailField label={es.adminUi.createdAt}>{formatDate(data.created)}</DetailField>
          <DetailField label={es.adminUi.status}>
            <StatusBadge enabled={data.enable} />
          </DetailField>
          <DetailField label={t.detail.groups}>
            <DetailList
              items={data.group_list.map((group) => ({ key: group.uuid, label: group.group_name }))}
              emptyText={t.detail.noGroups}
            />
          </DetailField>
          <DetailField label={t.detail.admins}>
            <DetailList
              items={data.admin_list.map((admin) => ({ key: admin.uuid, label: personLabel(admin) }))}
              emptyText={t.detail.noAdmins}
            />
          </DetailField>
        </>
      ) : null}
    </DetailPage>
  );
}
