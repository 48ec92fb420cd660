import '../tax-calendar.css';
import { Alert, Card, Flex, Heading, Loader, SelectField, Text } from '@aws-amplify/ui-react';
import { FIRST_CALENDAR_YEAR, LAST_CALENDAR_YEAR } from '@shared/contracts/tax-calendar';
import { es } from '@shared/i18n/es';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatDateTime } from '@/components/admin/format';
import { ListPage } from '@/components/admin/list-page';
import { type TaxRulesAnswer, useTaxRules } from '../api/get-tax-rules';
import { RulesForm } from '../components/rules-form';
import { blankRules, fromPreviousYear, type YearRules } from '../lib/rules-form';

const t = es.taxRulesAdmin;
const thisYear = new Date().getFullYear();
/** Last year, this one and the next two: the next year's rules are readied before it starts. */
const YEARS = [thisYear - 1, thisYear, thisYear + 1, thisYear + 2];

/**
 * /admin/tax-rules ('Reglas tributarias', SUPER_ADMIN): a year's holidays and deadlines, where they come from, and
 * the form that saves them (they replace the committed values of that year for every firm's calendar). The year
 * lives in the address (?year=).
 */
export function TaxRulesAdminRoute() {
  const [search, setSearch] = useSearchParams();
  const asked = Number(search.get('year') ?? thisYear);
  // An address with no year the API takes (a typo) opens this year.
  const year =
    Number.isInteger(asked) && asked >= FIRST_CALENDAR_YEAR && asked <= LAST_CALENDAR_YEAR ? asked : thisYear;
  const [notice, setNotice] = useState('');
  const current = useTaxRules(year);
  // A year without values starts from the previous year's.
  const needsPrevious = current.data?.origin === null && year > FIRST_CALENDAR_YEAR;
  const previous = useTaxRules(year - 1, needsPrevious);

  const start: { rules: YearRules; from: 'own' | 'previous' | 'blank' } | undefined = current.data?.rules
    ? { rules: current.data.rules, from: 'own' }
    : current.data && (!needsPrevious || previous.data || previous.isError)
      ? previous.data?.rules
        ? { rules: fromPreviousYear(previous.data.rules, year), from: 'previous' }
        : { rules: blankRules(year), from: 'blank' }
      : undefined;

  return (
    <ListPage title={t.title}>
      <Text>{t.intro}</Text>
      <SelectField
        label={t.year}
        value={String(year)}
        className="tax-calendar-select"
        onChange={(event) => {
          setSearch(new URLSearchParams({ year: event.target.value }), { replace: true });
          setNotice('');
        }}
      >
        {(YEARS.includes(year) ? YEARS : [...YEARS, year].sort()).map((y) => (
          <option key={y} value={y}>
            {y}
          </option>
        ))}
      </SelectField>
      {notice ? (
        <Alert variation="success" role="status" isDismissible onDismiss={() => setNotice('')}>
          {notice}
        </Alert>
      ) : null}
      {current.isError ? <Alert variation="error">{t.loadError}</Alert> : null}
      {current.data && start ? (
        <>
          <Origin answer={current.data} from={start.from} year={year} />
          <Card variation="outlined">
            <RulesForm
              // One form per year: its own save does not remount it (the save's answer resets it).
              key={year}
              year={year}
              start={start.rules}
              onSaved={setNotice}
            />
          </Card>
        </>
      ) : current.isError ? null : (
        <Loader />
      )}
    </ListPage>
  );
}

function Origin({ answer, from, year }: { answer: TaxRulesAnswer; from: 'own' | 'previous' | 'blank'; year: number }) {
  const says =
    answer.origin === 'saved'
      ? t.origin.saved(formatDateTime(answer.updated))
      : answer.origin === 'committed'
        ? t.origin.committed
        : from === 'previous'
          ? t.origin.fromPrevious(year - 1, year)
          : t.origin.empty;
  return (
    <Flex as="section" direction="column" gap="xs" aria-labelledby="tax-rules-origin" data-testid="tax-rules-origin">
      <Heading level={3} id="tax-rules-origin" className="tax-calendar-subtitle">
        {t.origin.title}
      </Heading>
      <Text data-origin={answer.origin ?? 'none'}>{says}</Text>
    </Flex>
  );
}
