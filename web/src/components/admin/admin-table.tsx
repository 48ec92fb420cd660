import './admin.css';
import {
  Alert,
  Card,
  Icon,
  Link,
  Loader,
  Menu,
  MenuButton,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Text,
} from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { ConfirmDialog } from './modal';
import { ServerErrors } from './server-errors';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

/** The row actions of admin lists (admin-area §2), in the spec's order; each is shown only when given. */
export interface RowActions {
  /** The row's name, for the menu's accessible label ('Acciones de Grupo Norte'). */
  name: string;
  /**
   * Habilitar / Deshabilitar: asked first (naming the row), then `run` sends the flipped enable and the list reloads
   * in place (the table's onChanged); this replaces the spec's one-click action and page reload 3 s later.
   */
  toggle?: { enabled: boolean; run: () => Promise<unknown> };
  /** Editar. */
  editTo?: string;
  /**
   * Eliminar, after the confirmation `confirm` (which names the item); with `typeToConfirm` the button
   * waits until that text (a project's name) is typed. The list reloads after it succeeds (the table's onChanged).
   */
  remove?: { confirm: string; typeToConfirm?: string; run: () => Promise<unknown> };
  /** Ver Detalle. */
  detailTo?: string;
}

/** The ⋮ of row menus (Material Design's more_vert). */
export const MORE_VERT =
  'M12 8c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2zm0 2c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2zm0 6c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2z';

type Feedback = { kind: 'done'; message: string } | { kind: 'error'; error: unknown } | null;
type PendingToggle = { name: string; enabled: boolean; run: () => Promise<unknown> };

/**
 * The table of admin lists: the given columns, then an 'Acciones' menu per row when `actions` is given. Handles the
 * row actions itself: the toggle and delete confirmations (errors stay in the dialog), then `onChanged` (reload the
 * list there), so the row changes in place with a short notice.
 *
 * ```tsx
 * <AdminTable rows={data?.results} rowKey={(g) => g.uuid} loading={loading} onChanged={reload}
 *   columns={[{ header: 'Nombre', cell: (g) => g.group_name }]}
 *   actions={(g) => ({ name: g.group_name, editTo: `/admin/group/edit/${g.uuid}`, ... })} />
 * ```
 */
export function AdminTable<T>({
  columns,
  rows,
  rowKey,
  actions,
  loading = false,
  onChanged,
  emptyText = es.adminUi.empty,
  label,
}: {
  columns: ReadonlyArray<Column<T>>;
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string;
  actions?: (row: T) => RowActions;
  loading?: boolean;
  onChanged?: () => void;
  emptyText?: string;
  /** Accessible name of the table. */
  label?: string;
}) {
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [pendingDelete, setPendingDelete] = useState<RowActions['remove'] | null>(null);
  const [pendingToggle, setPendingToggle] = useState<PendingToggle | null>(null);

  const span = columns.length + (actions ? 1 : 0);
  const list = rows ?? [];
  return (
    <>
      {feedback?.kind === 'done' ? (
        <Alert variation="success" role="status" isDismissible onDismiss={() => setFeedback(null)}>
          {feedback.message}
        </Alert>
      ) : null}
      {feedback?.kind === 'error' ? <ServerErrors error={feedback.error} /> : null}
      {/* On a phone the table scrolls sideways inside this card: focusable and named, so a keyboard can scroll it. */}
      <Card variation="outlined" padding="0" className="admin-table-card" tabIndex={0} role="region" aria-label={label}>
        <Table highlightOnHover size="small" className="admin-table" aria-label={label} aria-busy={loading}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell as="th" key={column.header}>
                  {column.header}
                </TableCell>
              ))}
              {actions ? (
                <TableCell as="th" className="admin-actions-cell">
                  {es.adminUi.actions}
                </TableCell>
              ) : null}
            </TableRow>
          </TableHead>
          <TableBody>
            {loading && list.length === 0 ? (
              <TableRow>
                <TableCell colSpan={span}>
                  <Loader />
                </TableCell>
              </TableRow>
            ) : list.length === 0 ? (
              <TableRow>
                <TableCell colSpan={span}>
                  <Text color="font.tertiary">{emptyText}</Text>
                </TableCell>
              </TableRow>
            ) : (
              list.map((row) => (
                <TableRow key={rowKey(row)} data-row={rowKey(row)}>
                  {columns.map((column, index) => {
                    // The row's name opens its detail, as 'Ver Detalle' does: the first thing people click.
                    const detail = index === 0 ? actions?.(row).detailTo : undefined;
                    return (
                      <TableCell key={column.header}>
                        {detail ? (
                          <Link as={RouterLink} to={detail} className="admin-row-link">
                            {column.cell(row)}
                          </Link>
                        ) : (
                          column.cell(row)
                        )}
                      </TableCell>
                    );
                  })}
                  {actions ? (
                    <TableCell className="admin-actions-cell">
                      <RowActionsMenu
                        actions={actions(row)}
                        onToggle={(toggle) => setPendingToggle({ ...toggle, name: actions(row).name })}
                        onDelete={setPendingDelete}
                      />
                    </TableCell>
                  ) : null}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </Card>
      <ConfirmDialog
        open={pendingDelete !== null}
        message={pendingDelete?.confirm ?? ''}
        typeToConfirm={pendingDelete?.typeToConfirm}
        onConfirm={async () => {
          await pendingDelete?.run();
          setFeedback(null);
          onChanged?.();
        }}
        onClose={() => setPendingDelete(null)}
      />
      <ConfirmDialog
        open={pendingToggle !== null}
        title={es.adminUi.toggleTitle(pendingToggle?.enabled ?? true)}
        confirmLabel={es.adminUi.toggleTitle(pendingToggle?.enabled ?? true)}
        message={pendingToggle ? es.adminUi.toggleConfirm(pendingToggle.enabled, pendingToggle.name) : ''}
        onConfirm={async () => {
          if (!pendingToggle) return;
          await pendingToggle.run();
          setFeedback({ kind: 'done', message: es.adminUi.toggled(!pendingToggle.enabled, pendingToggle.name) });
          onChanged?.();
        }}
        onClose={() => setPendingToggle(null)}
      />
    </>
  );
}

/** The per-row menu: Habilitar/Deshabilitar, Editar, Eliminar, Ver Detalle. */
export function RowActionsMenu({
  actions,
  onToggle,
  onDelete,
}: {
  actions: RowActions;
  onToggle: (toggle: NonNullable<RowActions['toggle']>) => void;
  onDelete: (remove: NonNullable<RowActions['remove']>) => void;
}) {
  const navigate = useNavigate();
  const { toggle, editTo, remove, detailTo } = actions;
  return (
    <Menu
      menuAlign="end"
      size="small"
      trigger={
        <MenuButton size="small" variation="link" aria-label={es.adminUi.actionsFor(actions.name)}>
          <Icon pathData={MORE_VERT} aria-hidden="true" width="1.25em" height="1.25em" />
        </MenuButton>
      }
    >
      {toggle ? (
        <MenuItem onClick={() => onToggle(toggle)}>{toggle.enabled ? es.adminUi.disable : es.adminUi.enable}</MenuItem>
      ) : null}
      {editTo ? <MenuItem onClick={() => navigate(editTo)}>{es.adminUi.edit}</MenuItem> : null}
      {remove ? <MenuItem onClick={() => onDelete(remove)}>{es.adminUi.delete}</MenuItem> : null}
      {detailTo ? <MenuItem onClick={() => navigate(detailTo)}>{es.adminUi.detail}</MenuItem> : null}
    </Menu>
  );
}
