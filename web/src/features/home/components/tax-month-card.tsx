import { Card, Heading, Link, Text } from '@aws-amplify/ui-react';
import { formatDay } from '@shared/day';
import { es } from '@shared/i18n/es';
import { Link as RouterLink } from 'react-router-dom';
import { useTaxMonth } from '../api/get-tax-month';

const t = es.taxCalendar;

/** What the tax calendar has due this month, and the way to the society's calendar. */
export function TaxMonthCard() {
  const month = useTaxMonth();
  return (
    <Card variation="outlined" className="home-tax-month" data-testid="home-tax-month">
      <Heading level={2} className="home-tax-month-title">
        {t.homeTitle}
      </Heading>
      {month.isError ? <Text>{t.homeLoadError}</Text> : null}
      {month.data && month.data.deadlines.length === 0 ? <Text>{t.homeNone}</Text> : null}
      {month.data && month.data.deadlines.length > 0 ? (
        <ul className="home-tax-month-list">
          {month.data.deadlines.map((d) => (
            <li key={`${d.name}-${d.due}`}>
              <strong>{formatDay(d.due)}</strong> {d.name}
            </li>
          ))}
        </ul>
      ) : null}
      <Link as={RouterLink} to="/tax-calendar">
        {t.homeLink}
      </Link>
    </Card>
  );
}
