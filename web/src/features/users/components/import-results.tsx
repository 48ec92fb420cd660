import { Badge, Table, TableBody, TableCell, TableHead, TableRow, Text, View } from '@aws-amplify/ui-react';
import type { ResponseOf } from '@shared/contracts/define';
import type { importUsersCsv } from '@shared/contracts/registration';
import { es } from '@shared/i18n/es';
import { rowErrorMessages } from '@/features/users/lib/users-logic';

const t = es.usersAdmin.import;

const STATUS = {
  CREATED: { label: t.created, variation: 'success' },
  FAILED: { label: t.failed, variation: 'error' },
  ALREADY_INVITED: { label: t.alreadyInvited, variation: 'info' },
} as const;

/** The per-row report of an import: row, e-mail, result, and the Spanish messages of a failed row. */
export function ImportResults({ result }: { result: ResponseOf<typeof importUsersCsv> }) {
  return (
    <View>
      <Text fontWeight="bold" marginBottom="xs" data-testid="import-summary">
        {t.summary(result.created, result.failed, result.already_invited)}
      </Text>
      {result.mails_queued > 0 ? (
        <Text fontSize="small" marginBottom="xs" data-testid="import-queued">
          {t.queued(result.mails_queued)}
        </Text>
      ) : null}
      {result.already_invited > 0 ? (
        <Text fontSize="small" marginBottom="xs">
          {t.alreadyNote}
        </Text>
      ) : null}
      <Table size="small" variation="striped" aria-label={t.resultLabel} data-testid="import-results">
        <TableHead>
          <TableRow>
            <TableCell as="th">{t.columnsResult.row}</TableCell>
            <TableCell as="th">{t.columnsResult.email}</TableCell>
            <TableCell as="th">{t.columnsResult.status}</TableCell>
            <TableCell as="th">{t.columnsResult.errors}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {result.rows.map((row) => (
            <TableRow key={row.row} data-row={row.row}>
              <TableCell>{row.row}</TableCell>
              <TableCell>{row.email || es.adminUi.none}</TableCell>
              <TableCell>
                <Badge size="small" variation={STATUS[row.status].variation}>
                  {STATUS[row.status].label}
                </Badge>
              </TableCell>
              <TableCell>
                {(row.status === 'FAILED' ? rowErrorMessages(row.errors) : []).map((line) => (
                  <Text key={line} as="span" display="block" fontSize="small" color="font.error">
                    {`- ${line}`}
                  </Text>
                ))}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </View>
  );
}
