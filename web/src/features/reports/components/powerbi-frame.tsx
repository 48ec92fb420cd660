import { Flex, Text } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { models } from 'powerbi-client';
import { PowerBIEmbed } from 'powerbi-client-react';
import { useEffect, useState } from 'react';
import { EMBED_TIMEOUT_MS } from './quicksight-frame';

const t = es.reportsViewer;

type Filter = { table: string; column: string; values: string[] };

/**
 * A Power BI report (portal §2: filters 'column in (values)' joined by 'and'). With an embed token (service principal)
 * it embeds through powerbi-client with the filters as basic 'In' filters; without one, the report's own URL carries
 * the filters the server built. A timeout says so when nothing loads. Lazy-loaded.
 */
export default function PowerBiFrame({
  embedUrl,
  reportId,
  accessToken,
  filters,
  title,
}: {
  embedUrl: string;
  reportId: string | null;
  accessToken: string | null;
  filters: Filter[];
  title: string;
}) {
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => !loaded && setFailed(true), EMBED_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [loaded]);
  return (
    <Flex direction="column" gap="small">
      {failed && !loaded ? <Text role="alert">{t.timeout}</Text> : null}
      {accessToken && reportId ? (
        <PowerBIEmbed
          cssClassName="report-frame"
          embedConfig={{
            type: 'report',
            id: reportId,
            embedUrl,
            accessToken,
            tokenType: models.TokenType.Embed,
            filters: filters.map((f) => ({
              $schema: 'http://powerbi.com/product/schema#basic',
              target: { table: f.table, column: f.column },
              operator: 'In',
              values: f.values,
              filterType: models.FilterType.Basic,
            })) as models.IBasicFilter[],
          }}
          eventHandlers={
            new Map([
              ['loaded', () => setLoaded(true)],
              ['error', () => setFailed(true)],
            ])
          }
        />
      ) : (
        <iframe className="report-frame" title={title} src={embedUrl} onLoad={() => setLoaded(true)} allowFullScreen />
      )}
    </Flex>
  );
}
