import { Flex, SelectField } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { periodLabel } from '../lib/format';
import { type Period, periodKey, yearsOf } from '../lib/periods';

const s = es.accountingScreens;

export interface FilterState {
  society: string;
  start: string;
  compare: string;
  rule: 'IFRS' | 'TRBT';
  money: 'LOCAL' | 'USD';
}

/**
 * The viewer's filters (portal §2, §4): society (hidden for USER_SOCIETY), period (the cash flow: year), compare for
 * types 2 and 3 (' - ' for none; a period chosen on one side is disabled on the other), rule and currency.
 */
export function StatementFilters({
  type,
  state,
  onChange,
  societies,
  showSociety,
  dates,
}: {
  type: number;
  state: FilterState;
  onChange: (next: Partial<FilterState>) => void;
  societies: ReadonlyArray<{ uuid: string; society_business_name: string }>;
  showSociety: boolean;
  dates: readonly Period[];
}) {
  const keys = dates.map(periodKey);
  return (
    <Flex wrap="wrap" gap="small" alignItems="flex-end" data-testid="statement-filters">
      {showSociety ? (
        <SelectField
          label={s.society}
          size="small"
          value={state.society}
          onChange={(e) => onChange({ society: e.target.value, start: '', compare: '' })}
        >
          {societies.map((society) => (
            <option key={society.uuid} value={society.uuid}>
              {society.society_business_name}
            </option>
          ))}
        </SelectField>
      ) : null}
      {type === 4 ? (
        <SelectField
          label={s.year}
          size="small"
          value={state.start.slice(0, 4)}
          onChange={(e) => onChange({ start: `${e.target.value}-12` })}
        >
          {yearsOf(dates).map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </SelectField>
      ) : (
        <SelectField
          label={s.period}
          size="small"
          value={state.start}
          onChange={(e) => onChange({ start: e.target.value })}
        >
          {keys.map((key) => (
            <option key={key} value={key} disabled={key === state.compare}>
              {periodLabel(key)}
            </option>
          ))}
        </SelectField>
      )}
      {type === 2 || type === 3 ? (
        <SelectField
          label={s.compare}
          size="small"
          value={state.compare}
          onChange={(e) => onChange({ compare: e.target.value })}
        >
          <option value="">{s.noCompare}</option>
          {keys.map((key) => (
            <option key={key} value={key} disabled={key === state.start}>
              {periodLabel(key)}
            </option>
          ))}
        </SelectField>
      ) : null}
      <SelectField
        label={s.rule}
        size="small"
        value={state.rule}
        onChange={(e) => onChange({ rule: e.target.value as FilterState['rule'] })}
      >
        <option value="IFRS">{es.accountingStatements.rules.IFRS}</option>
        <option value="TRBT">{es.accountingStatements.rules.TRBT}</option>
      </SelectField>
      <SelectField
        label={s.currency}
        size="small"
        value={state.money}
        onChange={(e) => onChange({ money: e.target.value as FilterState['money'] })}
      >
        <option value="LOCAL">{s.currencies.LOCAL}</option>
        <option value="USD">{s.currencies.USD}</option>
      </SelectField>
    </Flex>
  );
}
