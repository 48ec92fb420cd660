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
  onClose,
}: {
  family: StatementFamily;
  target: DrillTarget | null;
  query: Record<string, string | number> | null;
  moneyType: string;
  onClose: () => void;
}) {
  const detail = useStatementDetail(family, target && query ? query : null);
  const lines = detail.data?.lines ?? [];
  const cols = s.detailColumns;
  return (
    <Modal
      open={target !== null}
      title={target ? s.detailTitle(target.cod_cta, target.nom_cta) : ''}
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
          <Table
            size="small"
            variation="striped"
            aria-label={s.detailTitle(target?.cod_cta ?? '', target?.nom_cta ?? '')}
          >
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
                  <TableCell textAlign="right">{formatAmount(line.imp_mov_mn_sg, moneyType)}</TableCell>
                </TableRow>
              ))}
              <TableRow>
                <TableCell fontWeight="bold" colSpan={4}>
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
