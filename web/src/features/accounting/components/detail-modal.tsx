import { Button, Loader, Table, TableBody, TableCell, TableHead, TableRow, Text, View } from '@aws-amplify/ui-react';
import type { StatementFamily } from '@shared/contracts/accounting';
import { formatDay } from '@shared/day';
import { es } from '@shared/i18n/es';
import { Modal } from '@/components/admin/modal';
import { PHONE_QUERY, useMediaQuery } from '@/components/ui/use-media-query';
import { type DetailLine, useStatementDetail } from '../api/statements';
import { formatAmount } from '../lib/format';
import type { DrillTarget } from './statement-tables';

const s = es.accountingScreens;

const lineKey = (line: DetailLine) => `${line.nro_trans}|${line.fecha_reporte}|${line.com_mov}|${line.imp_mov_mn_sg}`;

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
  const phone = useMediaQuery(PHONE_QUERY);
  const total = formatAmount(detail.data?.footer.total ?? 0, moneyType);
  const heading = title ?? (target ? s.detailTitle(target.cod_cta, target.nom_cta) : '');
  return (
    <Modal
      open={target !== null}
      title={heading}
      onClose={onClose}
      testId="detail-modal"
      wide
      actions={<Button onClick={onClose}>{s.close}</Button>}
    >
      {detail.isPending ? (
        <Loader size="large" aria-label={s.loading} />
      ) : lines.length === 0 ? (
        <Text data-testid="detail-empty">{s.noDetail}</Text>
      ) : phone ? (
        // A phone has no room for five columns: each line stacks its facts beside its amount, always in view.
        <View className="accounting-scroll" maxHeight="60vh">
          <Table size="small" variation="striped" aria-label={heading} className="detail-stacked">
            <TableHead>
              <TableRow>
                <TableCell as="th">{s.detailLine}</TableCell>
                <TableCell as="th" textAlign="right">
                  {s.detailColumns.imp_mov_mn_sg}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {lines.map((line) => (
                <TableRow key={lineKey(line)}>
                  <TableCell>
                    <Text fontWeight="bold" fontSize="small">
                      {line.nro_trans} · {formatDay(line.fecha_reporte)}
                    </Text>
                    <Text fontSize="small">{line.com_mov}</Text>
                    {withAccount ? (
                      <Text fontSize="small">
                        {line.cod_cta} {line.nom_cta}
                      </Text>
                    ) : null}
                  </TableCell>
                  <TableCell textAlign="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatAmount(line.imp_mov_mn_sg, moneyType)}
                  </TableCell>
                </TableRow>
              ))}
              <TableRow>
                <TableCell fontWeight="bold">{s.detailTotal}</TableCell>
                <TableCell
                  fontWeight="bold"
                  textAlign="right"
                  data-testid="detail-total"
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {total}
                </TableCell>
              </TableRow>
            </TableBody>
          </Table>
        </View>
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
                <TableRow key={lineKey(line)}>
                  <TableCell>{line.nro_trans}</TableCell>
                  <TableCell>{formatDay(line.fecha_reporte)}</TableCell>
                  <TableCell style={{ whiteSpace: 'normal', minWidth: '12rem' }}>{line.com_mov}</TableCell>
                  <TableCell>{formatDay(line.fec_doc) || ' - '}</TableCell>
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
                  {total}
                </TableCell>
              </TableRow>
            </TableBody>
          </Table>
        </View>
      )}
    </Modal>
  );
}
