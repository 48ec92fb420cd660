import '../components/documents.css';
import { Button, Flex, Heading } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { AdminBreadcrumb } from '@/components/admin/breadcrumb';
import { ConfirmDialog } from '@/components/admin/modal';
import { SearchBox } from '@/components/admin/search-box';
import { useCreateFolderTemplate } from '../api/create-folder-template';
import { deleteTemplateFolder } from '../api/delete-folder-template';
import { useFolderTemplates } from '../api/list-folder-templates';
import { usePatchFolderTemplate } from '../api/patch-folder-template';
import { FolderTable } from '../components/folder-table';
import { NameModal } from '../components/name-modal';
import type { FolderItem } from '../lib/levels';

const t = es.documents;

/**
 * /admin/documents/root/{project_uuid} and /admin/documents/{uuid}/{project_uuid}: a project's template folders
 * (portal §2): 'Crear carpeta' ('Nueva carpeta', 'Nombre', 'Escribe el nombre de la carpeta', 'Crear'), rename, delete
 * (refused while any society's copy holds files), and 'Esta carpeta no posee subcarpetas' when empty.
 */
export function TemplateFoldersRoute() {
  const { uuid = 'root', project_uuid: project = '' } = useParams();
  const folder = uuid === 'root' ? undefined : uuid;
  const [search, setSearch] = useState('');
  const query = useFolderTemplates(project, folder, search);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useCreateFolderTemplate();
  const patch = usePatchFolderTemplate();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<FolderItem | null>(null);
  const [deleting, setDeleting] = useState<FolderItem | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: ['listFolderTemplates'] });

  const rows: FolderItem[] = (query.data?.folder_template_list ?? []).map((f) => ({
    uuid: f.uuid,
    name: f.folder_name,
    type: 'folder_edition',
    modified: { date: f.modified.date },
    size: null,
  }));
  const path = query.data?.root_directory ?? [];
  return (
    <Flex direction="column" gap="medium" padding="medium" data-testid="template-folders">
      <AdminBreadcrumb
        items={[
          { label: t.adminTitle, to: '/admin/documents/root' },
          { label: t.templatesTitle, to: `/admin/documents/root/${project}` },
          ...path.map((p) => ({ label: p.folder_name, to: `/admin/documents/${p.uuid}/${project}` })),
        ]}
      />
      <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
        <Heading level={2}>{path.at(-1)?.folder_name ?? t.templatesTitle}</Heading>
        <Button variation="primary" size="small" onClick={() => setCreating(true)}>
          {t.createFolder}
        </Button>
      </Flex>
      <SearchBox value={search} onSearch={setSearch} label={t.search} />
      <FolderTable
        rows={rows}
        loading={query.isLoading}
        emptyText={t.emptyTemplates}
        onOpen={(row) => navigate(`/admin/documents/${row.uuid}/${project}`)}
        actions={(row) => (
          <>
            <Button size="small" onClick={() => setEditing(row)}>
              {t.actions.editFolder}
            </Button>
            <Button size="small" onClick={() => setDeleting(row)}>
              {t.actions.deleteFolder}
            </Button>
          </>
        )}
      />
      <NameModal
        open={creating}
        title={t.newFolder}
        label={t.folderNameLabel}
        placeholder={t.folderNamePlaceholder}
        field="folder_name"
        submitLabel={t.create}
        onSubmit={async (name) => {
          await create.mutateAsync({ project, folder_name: name, main_folder: folder });
          await reload();
        }}
        onClose={() => setCreating(false)}
      />
      <NameModal
        open={editing !== null}
        title={t.editFolderTitle}
        label={t.folderNameLabel}
        placeholder={t.folderNamePlaceholder}
        field="folder_name"
        initial={editing?.name ?? ''}
        submitLabel={t.save}
        onSubmit={async (name) => {
          if (!editing) return;
          await patch.mutateAsync({ uuid: editing.uuid, folder_name: name, project });
          await reload();
        }}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t.deleteFolderTitle}
        message={t.deleteFolderConfirm}
        confirmLabel={t.confirm}
        onConfirm={async () => {
          if (!deleting) return;
          await deleteTemplateFolder(deleting.uuid);
          await reload();
        }}
        onClose={() => setDeleting(null)}
      />
    </Flex>
  );
}
