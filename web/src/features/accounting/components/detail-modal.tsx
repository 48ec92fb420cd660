import { Button, Loader, Table, TableBody, TableCell, TableHead, TableRow, Text, View } from '@aws-amplify/ui-react';
import type { StatementFamily } from '@shared/contracts/accounting';
import { es } from '@shared/i18n/es';
import { Modal } from '@/components/admin';
import { useStatementDetail } from '../api/statements';
import { formatAmount } from '../lib/format';
import type { DrillTarget } from './statement-tables';

const s = es.accountingScreens;

/** Drill-down (portal §2): a spinner, then the account's lines and their total, or 'No hay datos en detalle'. */
export function DetailModal({
  family,
  target,
  query,
  moneyType,
  title,
  onClose,
}: {
  family: StatementFamily;
  target: DrillTarget | null;
  query: Record<string, string | number> | null;
  moneyType: string;
  /** The heading, when it is not an account's (the cash flow's line and month). */
  title?: string;
  onClose: () => void;
}) {
  const detail = useStatementDetail(family, target && query ? query : null);
  const lines = detail.data?.lines ?? [];
  // Cash-flow lines name the account the cash fell on: one more column.
  const withAccount = lines.some((line) => line.cod_cta !== undefined);
  const cols = withAccount
    ? { ...s.detailColumns, imp_mov_mn_sg: s.detailAccount, amount: s.detailColumns.imp_mov_mn_sg }
    : s.detailColumns;
  const heading = title ?? (target ? s.detailTitle(target.cod_cta, target.nom_cta) : '');
  return (
    <Modal
      open={target !== null}
      title={heading}
      onClose={onClose}
      testId="detail-modal"
      actions={<Button onClick={onClose}>{s.close}</Button>}
    >
      {detail.isPending ? (
        <Loader size="large" aria-label={s.loading} />
      ) : lines.length === 0 ? (
        <Text data-testid="detail-empty">{s.noDetail}</Text>
      ) : (
        <View className="accounting-scroll" maxHeight="60vh">
          <Table size="small" variation="striped" aria-label={heading}>
            <TableHead>
              <TableRow>
                {Object.values(cols).map((label) => (
                  <TableCell as="th" key={label}>
                    {label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {lines.map((line) => (
                <TableRow key={`${line.nro_trans}|${line.fecha_reporte}|${line.com_mov}|${line.imp_mov_mn_sg}`}>
                  <TableCell>{line.nro_trans}</TableCell>
                  <TableCell>{line.fecha_reporte}</TableCell>
                  <TableCell>{line.com_mov}</TableCell>
                  <TableCell>{line.fec_doc || ' - '}</TableCell>
                  {withAccount ? (
                    <TableCell>
                      {line.cod_cta} {line.nom_cta}
                    </TableCell>
                  ) : null}
                  <TableCell textAlign="right">{formatAmount(line.imp_mov_mn_sg, moneyType)}</TableCell>
                </TableRow>
              ))}
              <TableRow>
                <TableCell fontWeight="bold" colSpan={withAccount ? 5 : 4}>
                  {s.detailTotal}
                </TableCell>
                <TableCell fontWeight="bold" textAlign="right" data-testid="detail-total">
                  {formatAmount(detail.data?.footer.total ?? 0, moneyType)}
                </TableCell>
              </TableRow>
            </TableBody>
          </Table>
        </View>
      )}
    </Modal>
  );
}
