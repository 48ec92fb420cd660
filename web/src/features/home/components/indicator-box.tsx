import { type indicatorSummarySchema, MONTHLY_INDICATORS } from '@shared/contracts/indicators';
import { es } from '@shared/i18n/es';
import type { z } from 'zod/mini';
import { formatIndicatorDay, formatIndicatorValue, formatVariation } from '../lib/format';
import { Sparkline } from './sparkline';

export type IndicatorSummary = z.output<typeof indicatorSummarySchema>;

/**
 * One indicator: its short name, latest value and date, the change from the previous value, a trend line, and where
 * it came from ('Datos de muestra' for the bundled dataset). Without a stored value it says so: never a number.
 */
export function IndicatorBox({ indicator }: { indicator: IndicatorSummary }) {
  const { code, value, day, variation, series, source } = indicator;
  const t = es.indicators;
  const name = t.names[code];
  const monthly = MONTHLY_INDICATORS.includes(code);
  return (
    <article className="home-indicator" aria-labelledby={`indicator-${code}`} data-indicator={code}>
      <header className="home-indicator-head">
        <h3 id={`indicator-${code}`} className="home-indicator-name">
          <abbr title={t.longNames[code]}>{name}</abbr>
        </h3>
        {source === 'sample' ? <span className="home-indicator-sample">{t.sample}</span> : null}
      </header>
      {value === null || day === null ? (
        <p className="home-indicator-empty">{t.noData}</p>
      ) : (
        <>
          <p className="home-indicator-value">{formatIndicatorValue(code, value)}</p>
          <p className="home-indicator-date">
            {t.dateOf(formatIndicatorDay(code, day))}
            {variation !== null ? <Variation code={code} variation={variation} /> : null}
          </p>
          <Sparkline
            values={series.map((point) => point.value)}
            label={t.trend(t.longNames[code], monthly ? t.periods.monthly : t.periods.daily)}
          />
          {/* Sample data already carries its label and the panel's note. */}
          {source && source !== 'sample' ? (
            <p className="home-indicator-source">{t.sources[source] ?? source}</p>
          ) : null}
        </>
      )}
    </article>
  );
}

function Variation({ code, variation }: { code: IndicatorSummary['code']; variation: number }) {
  const t = es.indicators;
  const change = formatVariation(code, variation);
  if (variation === 0) return <span className="home-indicator-variation">{` · ${t.flat}`}</span>;
  const up = variation > 0;
  return (
    <span className="home-indicator-variation" data-direction={up ? 'up' : 'down'}>
      {' · '}
      <span aria-hidden="true">{`${up ? '▲' : '▼'} ${change}`}</span>
      <span className="home-visually-hidden">{up ? t.up(change) : t.down(change)}</span>
    </span>
  );
}
