import { es } from '@shared/i18n/es';
import type { useIndicators } from '../api/get-indicators';
import { formatIndicatorDay } from '../lib/format';
import { IndicatorBox } from './indicator-box';

/** The indicator boxes (USD, UF, EUR, UTM, IPC) from GET api/v1/indicators/, with the sample-data note when it applies. */
export function IndicatorsPanel({ indicators }: { indicators: ReturnType<typeof useIndicators> }) {
  const t = es.indicators;
  if (indicators.isError) {
    return (
      <p role="alert" className="home-indicators-error">
        {t.loadError}
      </p>
    );
  }
  const list = indicators.data?.indicators ?? [];
  const sampleDays = list.filter((i) => i.source === 'sample' && i.day).map((i) => i.day as string);
  const sampleDay = sampleDays.sort().at(-1);
  return (
    <section className="home-indicators" aria-labelledby="home-indicators-title">
      <h2 id="home-indicators-title" className="home-section-title">
        {t.title}
      </h2>
      {sampleDay ? (
        <p className="home-indicators-note">{t.sampleNote(formatIndicatorDay('dolar', sampleDay))}</p>
      ) : null}
      <div className="home-indicator-grid">
        {list.map((indicator) => (
          <IndicatorBox key={indicator.code} indicator={indicator} />
        ))}
      </div>
    </section>
  );
}
