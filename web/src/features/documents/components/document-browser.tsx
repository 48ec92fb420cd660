import './documents.css';
import { Button, Flex, Heading } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { AdminBreadcrumb, type Crumb } from '@/components/admin/breadcrumb';
import { ConfirmDialog } from '@/components/admin/modal';
import { Pager } from '@/components/admin/pager';
import { SearchBox } from '@/components/admin/search-box';
import { ServerErrors } from '@/components/admin/server-errors';
import { PHONE_QUERY, useMediaQuery } from '@/components/ui/use-media-query';
import { removeDocument } from '../api/delete-document';
import { openDocument } from '../api/download-document';
import { useLevel } from '../api/list-folders';
import { useRenameDocument } from '../api/patch-document';
import { type FolderItem, isFile, levelFromSearch, opensTaxPanel, searchOf } from '../lib/levels';
import { FolderTable } from './folder-table';
import { NameModal } from './name-modal';
import { RowActions } from './row-actions';
import { ShareModal } from './share-modal';
import { UploadForm } from './upload-form';

const t = es.documents;
const PAGE_SIZE = 50;
/** The tax panel's crumbs: `<society>-tax`, `<society>-F22`, `<society>-F22-2024` (functions/folders/levels.ts). */
const TAX_CRUMB = /-(tax|F\d\d(-\d{4})?)$/;

/**
 * The document manager (admin: project › group › society › folders, upload from depth 5) and the user browser (its
 * societies › folders), one level per URL: each click pushes a history entry, so Back pops one level (portal §4).
 */
export function DocumentBrowser({ admin }: { admin: boolean }) {
  const [params] = useSearchParams();
  const level = levelFromSearch(params);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useLevel(level, admin, search);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [uploading, setUploading] = useState(false);
  const [sharing, setSharing] = useState<{ uuid: string; name: string } | null>(null);
  const [renaming, setRenaming] = useState<FolderItem | null>(null);
  const [deleting, setDeleting] = useState<FolderItem | null>(null);
  const [actionError, setActionError] = useState<unknown>(null);
  const rename = useRenameDocument();
  // On a phone a row's five actions would push past the screen's edge: they fold into one menu.
  const phone = useMediaQuery(PHONE_QUERY);
  const base = admin ? '/admin/documents' : '/documents_user';
  const reload = () => queryClient.invalidateQueries({ queryKey: ['documents-level'] });

  const go = (uuid: string, target: FolderItem['target'], tax = false) => {
    setSearch('');
    setPage(1);
    setUploading(false);
    navigate(`${base}/${uuid}${searchOf(target ?? {}, tax)}`);
  };
  const open = (row: FolderItem) => {
    setActionError(null);
    if (isFile(row)) openDocument(row.uuid, 'inline').catch(setActionError);
    else go(row.uuid, row.target, opensTaxPanel(row) || level.tax);
  };

  const data = query.data;
  const crumbs: Crumb[] = [
    { label: admin ? t.adminTitle : t.title, to: `${base}/root` },
    ...(data?.root_directory ?? []).map((c) => ({
      label: admin && c.depth <= 4 ? `${t.levelLabels[c.depth - 1]}: ${c.name}` : c.name,
      to: `${base}/${c.uuid}${searchOf(c.target ?? {}, TAX_CRUMB.test(c.uuid))}`,
    })),
  ];
  const current = data?.root_directory.at(-1);
  const title = current?.name ?? (admin ? t.adminTitle : t.title);
  const rows = data?.results ?? [];
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const visible = rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const place = level.society
    ? level.tax
      ? { society: level.society, form: level.form, year: level.year }
      : { society: level.society, folder: level.folder }
    : null;
  const projectOfLevel = data?.root_directory[0]?.depth === 1 ? data.root_directory[0].uuid : undefined;

  return (
    <Flex direction="column" gap="medium" padding="medium" className="documents-browser" data-testid="document-browser">
      <AdminBreadcrumb items={crumbs} />
      <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
        <Heading level={2}>{title}</Heading>
        <Flex gap="small" wrap="wrap">
          {admin && projectOfLevel && !level.society ? (
            <Button as={RouterLink} to={`/admin/documents/root/${projectOfLevel}`} size="small">
              {t.templatesLink}
            </Button>
          ) : null}
          {admin && data?.can_upload && place && !uploading ? (
            <Button variation="primary" size="small" onClick={() => setUploading(true)}>
              {t.upload}
            </Button>
          ) : null}
        </Flex>
      </Flex>
      {uploading && place ? (
        <UploadForm
          place={place}
          onUploaded={reload}
          onDone={() => {
            setUploading(false);
            reload();
          }}
        />
      ) : null}
      <SearchBox
        value={search}
        onSearch={(text) => {
          setSearch(text);
          setPage(1);
        }}
        label={t.search}
      />
      <ServerErrors error={actionError ?? query.error} />
      <FolderTable
        rows={visible}
        loading={query.isLoading}
        emptyText={t.emptyFolder}
        onOpen={open}
        actions={(row) =>
          isFile(row) ? (
            <RowActions
              name={row.name}
              phone={phone}
              actions={[
                { label: t.actions.open, run: () => open(row) },
                ...(admin
                  ? [
                      { label: t.actions.rename, run: () => setRenaming(row) },
                      { label: t.actions.delete, run: () => setDeleting(row) },
                    ]
                  : []),
                { label: t.actions.share, run: () => setSharing({ uuid: row.uuid, name: row.name }) },
                {
                  label: t.actions.download,
                  run: () => openDocument(row.uuid, 'attachment').catch(setActionError),
                },
              ]}
            />
          ) : null
        }
      />
      <Pager page={page} pages={pages} onChange={setPage} />
      <ShareModal document={sharing} onClose={() => setSharing(null)} />
      <NameModal
        open={renaming !== null}
        title={t.renameTitle}
        label={t.renameLabel}
        initial={renaming?.document_name ?? ''}
        submitLabel={t.save}
        onSubmit={async (name) => {
          if (!renaming) return;
          await rename.mutateAsync({ uuid: renaming.uuid, document_name: name });
          await reload();
        }}
        onClose={() => setRenaming(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t.deleteTitle}
        message={t.deleteConfirm}
        confirmLabel={t.confirm}
        onConfirm={async () => {
          if (!deleting) return;
          await removeDocument(deleting.uuid);
          await reload();
        }}
        onClose={() => setDeleting(null)}
      />
    </Flex>
  );
}
