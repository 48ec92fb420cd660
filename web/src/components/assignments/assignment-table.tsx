import {
  Button,
  Card,
  Flex,
  Heading,
  Icon,
  Loader,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Text,
} from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ConfirmDialog } from '@/components/admin/modal';

const EYE =
  'M12 4.5C7 4.5 2.73 7.61 1 12c1.73 4.39 6 7.5 11 7.5s9.27-3.11 11-7.5c-1.73-4.39-6-7.5-11-7.5zM12 17c-2.76 0-5-2.24-5-5s2.24-5 5-5 5 2.24 5 5-2.24 5-5 5zm0-8c-1.66 0-3 1.34-3 3s1.34 3 3 3 3-1.34 3-3-1.34-3-3-3z';

/** The actions of one row (portal §2): admins get enable/disable, edit, delete and detail; view-only users the eye. */
export interface AssignmentRowActions {
  name: string;
  viewTo?: string;
  toggle?: { enabled: boolean; run: () => Promise<unknown> };
  editTo?: string;
  remove?: () => Promise<unknown>;
  detailTo?: string;
}

/** One of the two lists (active, 'Reportes Inactivos') of the report and accounting screens. */
export function AssignmentTable<T>({
  title,
  headers,
  rows,
  cells,
  actions,
  loading,
  deleteTitle,
  deleteMessage,
  onChanged,
  testId,
}: {
  title?: string;
  headers: readonly string[];
  rows: T[] | undefined;
  cells: (row: T) => ReactNode[];
  actions: (row: T) => AssignmentRowActions;
  loading: boolean;
  deleteTitle: string;
  deleteMessage: string;
  onChanged: () => void;
  testId: string;
}) {
  const [pending, setPending] = useState<(() => Promise<unknown>) | null>(null);
  const ui = es.adminUi;
  return (
    <Flex direction="column" gap="small" data-testid={testId}>
      {title ? <Heading level={3}>{title}</Heading> : null}
      {/* Scrolls sideways on a phone: focusable so keyboard users can scroll it too (axe scrollable-region-focusable). */}
      <Card
        variation="outlined"
        padding="0"
        className="admin-table-card"
        tabIndex={0}
        role="region"
        aria-label={title ?? es.reportsAdmin.title}
      >
        <Table size="small" highlightOnHover>
          <TableHead>
            <TableRow>
              {headers.map((header) => (
                <TableCell as="th" key={header}>
                  {header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows === undefined || (loading && rows.length === 0) ? (
              <TableRow>
                <TableCell colSpan={headers.length}>
                  <Loader />
                </TableCell>
              </TableRow>
            ) : rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={headers.length}>
                  <Text color="font.tertiary">{es.assignmentsAdmin.empty}</Text>
                </TableCell>
              </TableRow>
            ) : (
              rows.map((row, index) => {
                const a = actions(row);
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows keep their order within a page.
                  <TableRow key={index}>
                    {cells(row).map((cell, column) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns.
                      <TableCell key={column}>{cell}</TableCell>
                    ))}
                    <TableCell>
                      <Flex gap="xxs" wrap="wrap" aria-label={`${ui.actions} ${a.name}`}>
                        {a.viewTo ? (
                          <Button
                            as={RouterLink}
                            to={a.viewTo}
                            size="small"
                            aria-label={`${es.assignmentsAdmin.view} ${a.name}`}
                          >
                            <Icon pathData={EYE} aria-hidden="true" />
                          </Button>
                        ) : null}
                        {a.toggle ? (
                          <Button
                            size="small"
                            onClick={async () => {
                              await a.toggle?.run();
                              onChanged();
                            }}
                          >
                            {a.toggle.enabled ? ui.disable : ui.enable}
                          </Button>
                        ) : null}
                        {a.editTo ? (
                          <Button as={RouterLink} to={a.editTo} size="small">
                            {ui.edit}
                          </Button>
                        ) : null}
                        {a.remove ? (
                          <Button size="small" colorTheme="error" onClick={() => setPending(() => a.remove ?? null)}>
                            {ui.delete}
                          </Button>
                        ) : null}
                        {a.detailTo ? (
                          <Button as={RouterLink} to={a.detailTo} size="small">
                            {ui.detail}
                          </Button>
                        ) : null}
                      </Flex>
                    </TableCell>
                  </TableRow>
                );
              })
            )}
          </TableBody>
        </Table>
      </Card>
      <ConfirmDialog
        open={pending !== null}
        title={deleteTitle}
        message={deleteMessage}
        onConfirm={async () => {
          await pending?.();
          onChanged();
        }}
        onClose={() => setPending(null)}
      />
    </Flex>
  );
}
