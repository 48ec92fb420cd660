import { Alert, Badge, Flex, Table, TableBody, TableCell, TableHead, TableRow, Text } from '@aws-amplify/ui-react';
import type { ImportReport } from '@shared/contracts/accounting';
import { es } from '@shared/i18n/es';

const t = es.accountingScreens.import;

/** The per-row report of an import, the same whether the file went by multipart or by a large-file job. */
export function ImportReportView({ result }: { result: ImportReport }) {
  return (
    <Flex direction="column" gap="small" data-testid="import-report">
      {result.imported ? (
        <Alert variation="success">{t.imported(result.rows)}</Alert>
      ) : (
        // A file refused as a whole (unreadable, past a budget) has no failed rows: its reasons follow.
        <Alert variation="error">{result.failed > 0 ? t.rejected(result.failed) : t.rejectedFile}</Alert>
      )}
      {result.file_errors.map((line) => (
        <Text key={line} color="font.error">{`- ${line}`}</Text>
      ))}
      {result.periods.length > 0 ? (
        <Text fontSize="small">
          {t.periods}: {result.periods.map((p) => t.periodLine(p.base, p.year, p.month, p.lines)).join(' · ')}
        </Text>
      ) : null}
      {result.report.length > 0 ? (
        <div className="accounting-scroll">
          <Table size="small" variation="striped" aria-label={t.title}>
            <TableHead>
              <TableRow>
                <TableCell as="th">{t.columns.row}</TableCell>
                <TableCell as="th">{t.columns.errors}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {result.report.map((row) => (
                <TableRow key={row.row} data-row={row.row}>
                  <TableCell>
                    <Badge size="small" variation="error">
                      {row.row}
                    </Badge>
                  </TableCell>
                  <TableCell>
                    {row.errors.map((line) => (
                      <Text key={line} as="span" display="block" fontSize="small" color="font.error">
                        {`- ${line}`}
                      </Text>
                    ))}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      ) : null}
    </Flex>
  );
}
