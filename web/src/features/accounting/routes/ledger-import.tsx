import '../accounting.css';
import {
  Alert,
  Badge,
  Button,
  Flex,
  Loader,
  SelectField,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Text,
} from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { useEffect, useState } from 'react';
import { FileInput, FormPage, requiredLabel, ServerErrors } from '@/components/admin';
import { useAccountingImport } from '../api/imports';
import { useMySocieties } from '../api/my-societies';
import { CHART_TEMPLATE, downloadText, LEDGER_TEMPLATE } from '../lib/templates';

const t = es.accountingScreens.import;

/**
 * /admin/accounting/import (issue 12): an admin picks a society of its scope and uploads the plan de cuentas or the
 * libro diario; the answer lists every failed row with its Spanish errors (nothing stored then), or the periods the
 * file replaced. Templates of both formats download from here.
 */
export function LedgerImportRoute() {
  const societies = useMySocieties();
  const list = societies.data ?? [];
  const [society, setSociety] = useState('');
  const [kind, setKind] = useState<'chart' | 'ledger'>('ledger');
  const [file, setFile] = useState<File | null>(null);
  const upload = useAccountingImport();
  const result = upload.data;
  useEffect(() => {
    if (!society && list[0]) setSociety(list[0].uuid);
  }, [list, society]);

  function run() {
    if (!file || !society || upload.isPending) return;
    const body = new FormData();
    body.append('society', society);
    body.append('file', file);
    upload.mutate({ kind, body });
  }

  return (
    <FormPage title={t.title} crumbs={[{ label: es.accountingScreens.breadcrumb }, { label: t.title }]}>
      <Text color="font.secondary">{t.intro}</Text>
      <Flex gap="small" wrap="wrap">
        <Button size="small" onClick={() => downloadText('plan_cuentas.csv', CHART_TEMPLATE)}>
          {t.chartTemplate}
        </Button>
        <Button size="small" onClick={() => downloadText('libro_diario.csv', LEDGER_TEMPLATE)}>
          {t.ledgerTemplate}
        </Button>
      </Flex>
      <SelectField label={es.accountingScreens.society} value={society} onChange={(e) => setSociety(e.target.value)}>
        {list.map((s) => (
          <option key={s.uuid} value={s.uuid}>
            {s.society_business_name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t.kind}
        value={kind}
        onChange={(e) => {
          setKind(e.target.value as 'chart' | 'ledger');
          upload.reset();
        }}
      >
        <option value="ledger">{t.kinds.ledger}</option>
        <option value="chart">{t.kinds.chart}</option>
      </SelectField>
      <FileInput
        label={requiredLabel(t.file)}
        file={file}
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        onChange={(chosen) => {
          setFile(chosen);
          upload.reset();
        }}
      />
      <Button variation="primary" onClick={run} isDisabled={!file || !society || upload.isPending}>
        {t.submit}
      </Button>
      {upload.isPending ? (
        <Flex direction="column" gap="xs" role="status" data-testid="import-progress">
          <Loader variation="linear" />
          <Text fontSize="small">{t.running}</Text>
        </Flex>
      ) : null}
      {upload.error ? <ServerErrors error={upload.error} /> : null}
      {result ? (
        <Flex direction="column" gap="small" data-testid="import-report">
          {result.imported ? (
            <Alert variation="success">{t.imported(result.rows)}</Alert>
          ) : (
            <Alert variation="error">{t.rejected(result.failed)}</Alert>
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
      ) : null}
    </FormPage>
  );
}
