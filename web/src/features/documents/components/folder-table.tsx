import { Button, Flex, Table, TableBody, TableCell, TableHead, TableRow, Text } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import type { ReactNode } from 'react';
import { formatDate } from '@/components/admin/format';
import { AppIcon } from '@/components/ui/icons';
import { type FolderItem, formatSize, isFile } from '../lib/levels';

const t = es.documents;

/**
 * The document table (portal §2): Nombre, 'Ult. Modificación', Tamaño and the row's actions; 'Cargando...' while
 * loading and the empty text when the level holds nothing. A folder's name opens it; a file's name opens the file.
 */
export function FolderTable({
  rows,
  loading,
  emptyText,
  onOpen,
  actions,
}: {
  rows: readonly FolderItem[] | undefined;
  loading: boolean;
  emptyText: string;
  onOpen: (row: FolderItem) => void;
  actions?: (row: FolderItem) => ReactNode;
}) {
  const list = rows ?? [];
  return (
    <div className="documents-table-wrap">
      <Table size="small" highlightOnHover aria-label={t.title} className="documents-table">
        <TableHead>
          <TableRow>
            <TableCell as="th">{t.columns.name}</TableCell>
            <TableCell as="th">{t.columns.modified}</TableCell>
            <TableCell as="th">{t.columns.size}</TableCell>
            {actions ? (
              <TableCell as="th" className="documents-actions-cell">
                {t.columns.actions}
              </TableCell>
            ) : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {loading && list.length === 0 ? (
            <TableRow>
              <TableCell colSpan={actions ? 4 : 3}>
                <Text role="status">{t.loading}</Text>
              </TableCell>
            </TableRow>
          ) : null}
          {!loading && list.length === 0 ? (
            <TableRow>
              <TableCell colSpan={actions ? 4 : 3}>
                <Text>{emptyText}</Text>
              </TableCell>
            </TableRow>
          ) : null}
          {list.map((row) => (
            <TableRow key={row.uuid} data-testid="documents-row">
              <TableCell>
                <Button variation="link" size="small" gap="xs" onClick={() => onOpen(row)} className="documents-name">
                  <AppIcon name={isFile(row) ? 'file' : 'folder'} />
                  {row.name}
                </Button>
              </TableCell>
              <TableCell>{row.modified.date ? formatDate(row.modified.date) : '-'}</TableCell>
              <TableCell>{formatSize(row.size)}</TableCell>
              {actions ? (
                <TableCell className="documents-actions-cell">
                  <Flex gap="xxs" wrap="wrap">
                    {actions(row)}
                  </Flex>
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
