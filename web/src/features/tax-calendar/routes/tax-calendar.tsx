import '../tax-calendar.css';
import {
  Alert,
  Badge,
  Button,
  Card,
  Flex,
  Heading,
  Loader,
  SelectField,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Text,
} from '@aws-amplify/ui-react';
import { formatDay } from '@shared/day';
import { es, messageForError } from '@shared/i18n/es';
import { Fragment, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { downloadFiledForm } from '../api/download-filed-form';
import { type TaxObligation, useSocietyTaxCalendar } from '../api/get-society-tax-calendar';
import { useMySocieties } from '../api/list-my-societies';
import { useWithdrawFiling } from '../api/withdraw-tax-filing';
import { MarkFiledForm } from '../components/mark-filed-form';
import { SettingsForm } from '../components/settings-form';

const t = es.taxCalendar;
/** The years with committed rules and the next; a year without rules says so. */
const thisYear = new Date().getFullYear();
const YEARS = [thisYear - 1, thisYear, thisYear + 1];

const badge = (state: string) => (state === 'presentada' ? 'success' : state === 'vencida' ? 'error' : 'info');

/**
 * /tax-calendar ('Calendario tributario'): a society's obligations of a year with their deadlines and state; the
 * firm's admins mark one filed with its form. The society and year live in the address (?society=&year=).
 */
export function TaxCalendarRoute() {
  const [search, setSearch] = useSearchParams();
  const societies = useMySocieties();
  const society = search.get('society') ?? societies.data?.[0]?.uuid;
  const year = Number(search.get('year') ?? thisYear);
  const calendar = useSocietyTaxCalendar(society, year);
  const [open, setOpen] = useState<string | null>(null);
  const [notice, setNotice] = useState('');

  const choose = (name: string, value: string) => {
    const next = new URLSearchParams(search);
    next.set(name, value);
    if (name === 'society' && !next.has('year')) next.set('year', String(year));
    setSearch(next, { replace: true });
    setOpen(null);
    setNotice('');
  };

  return (
    <Flex direction="column" gap="medium" padding="medium" maxWidth="70rem" className="tax-calendar">
      <Heading level={1}>{t.title}</Heading>
      <Text>{t.intro}</Text>
      {societies.isPending ? <Loader /> : null}
      {societies.data && societies.data.length === 0 ? <Text>{t.noSocieties}</Text> : null}
      {societies.data && societies.data.length > 0 ? (
        <Flex gap="medium" wrap="wrap">
          <SelectField
            label={t.society}
            value={society}
            onChange={(event) => choose('society', event.target.value)}
            className="tax-calendar-select"
          >
            {societies.data.map((s) => (
              <option key={s.uuid} value={s.uuid}>
                {s.society_business_name}
              </option>
            ))}
          </SelectField>
          <SelectField label={t.year} value={String(year)} onChange={(event) => choose('year', event.target.value)}>
            {YEARS.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </SelectField>
        </Flex>
      ) : null}
      {notice ? (
        <Alert variation="success" role="status">
          {notice}
        </Alert>
      ) : null}
      {calendar.isError ? (
        <Alert variation="info">
          {(calendar.error as { status?: number }).status === 404 ? t.noRules : t.loadError}
        </Alert>
      ) : null}
      {society && calendar.isPending ? <Loader /> : null}
      {calendar.data ? (
        <Card
          variation="outlined"
          className="tax-calendar-card"
          // The table scrolls sideways at 375 px: the region takes the keyboard's focus to scroll it.
          tabIndex={0}
          role="region"
          aria-label={t.title}
        >
          <Table size="small" className="tax-calendar-table" data-testid="tax-calendar-table">
            <TableHead>
              <TableRow>
                <TableCell as="th">{t.columns.obligation}</TableCell>
                <TableCell as="th">{t.columns.due}</TableCell>
                <TableCell as="th">{t.columns.state}</TableCell>
                <TableCell as="th">{t.columns.filed}</TableCell>
                {calendar.data.can_file ? <TableCell as="th">{t.columns.actions}</TableCell> : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {calendar.data.obligations.map((o) => (
                <Fragment key={o.id}>
                  <ObligationRow
                    obligation={o}
                    society={society as string}
                    onWithdrawn={setNotice}
                    canFile={calendar.data.can_file}
                    onMark={() => {
                      setNotice('');
                      setOpen(open === o.id ? null : o.id);
                    }}
                  />
                  {open === o.id && society ? (
                    <TableRow>
                      <TableCell colSpan={5}>
                        <MarkFiledForm
                          society={society}
                          obligation={o}
                          onDone={(message) => {
                            setOpen(null);
                            setNotice(message);
                          }}
                        />
                      </TableCell>
                    </TableRow>
                  ) : null}
                </Fragment>
              ))}
            </TableBody>
          </Table>
        </Card>
      ) : null}
      {calendar.data?.can_file && society ? (
        <Card variation="outlined">
          <SettingsForm
            // A new society or year starts from what is saved. Not keyed by the saved settings: its own save would
            // remount it while the save is under way, and the save's answer (the notice) would reach no one.
            key={`${society}-${calendar.data.year}`}
            society={society}
            calendar={calendar.data}
            onSaved={setNotice}
          />
        </Card>
      ) : null}
    </Flex>
  );
}

function ObligationRow({
  obligation: o,
  society,
  canFile,
  onMark,
  onWithdrawn,
}: {
  obligation: TaxObligation;
  society: string;
  canFile: boolean;
  onMark: () => void;
  onWithdrawn: (message: string) => void;
}) {
  const document = o.filed?.document;
  const withdraw = useWithdrawFiling();
  return (
    <TableRow data-obligation={o.id}>
      <TableCell>{o.name}</TableCell>
      <TableCell>
        {formatDay(o.due)}
        {o.nominal !== o.due ? (
          <Text as="span" fontSize="small" className="tax-calendar-moved">
            {' '}
            {t.movedFrom(formatDay(o.nominal))}
          </Text>
        ) : null}
      </TableCell>
      <TableCell>
        <Badge variation={badge(o.state)}>{t.states[o.state]}</Badge>
      </TableCell>
      <TableCell>
        {document ? (
          <Button
            size="small"
            variation="link"
            className="tax-calendar-file"
            aria-label={t.download(document.file_name)}
            onClick={() => void downloadFiledForm(document.uuid)}
          >
            {document.file_name}
          </Button>
        ) : o.filed ? (
          t.noFile
        ) : (
          '—'
        )}
      </TableCell>
      {canFile ? (
        <TableCell>
          <Flex gap="xs" wrap="wrap">
            <Button size="small" onClick={onMark} aria-label={t.markFiledOf(o.name)}>
              {t.markFiled}
            </Button>
            {o.filed ? (
              <Button
                size="small"
                variation="link"
                aria-label={t.withdrawOf(o.name)}
                isLoading={withdraw.isPending}
                onClick={() =>
                  withdraw.mutate(
                    { society, form: o.form, period: o.period },
                    { onSuccess: () => onWithdrawn(t.withdrawn(o.name)) },
                  )
                }
              >
                {t.withdraw}
              </Button>
            ) : null}
            {withdraw.isError ? (
              <Text role="alert" fontSize="small" color="font.error">
                {messageForError(withdraw.error)}
              </Text>
            ) : null}
          </Flex>
        </TableCell>
      ) : null}
    </TableRow>
  );
}
