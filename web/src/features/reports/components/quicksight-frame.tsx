import { Button, Flex, Text } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { createEmbeddingContext } from 'amazon-quicksight-embedding-sdk';
import { useEffect, useRef, useState } from 'react';

const t = es.reportsViewer;
/** How long the viewer waits for QuickSight before saying so (design/reports.md: silent failures on a bad domain). */
export const EMBED_TIMEOUT_MS = 30_000;

/** A QuickSight dashboard, 1000 × 1000 px with print (portal §2), from a fresh single-use URL; lazy-loaded. */
export default function QuickSightFrame({
  url,
  parameters,
}: {
  url: string;
  parameters: Array<{ Name: string; Values: string[] }>;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const [print, setPrint] = useState<(() => void) | null>(null);
  useEffect(() => {
    let loaded = false;
    const timer = setTimeout(() => !loaded && setFailed(true), EMBED_TIMEOUT_MS);
    const element = container.current;
    if (!element) return;
    void (async () => {
      try {
        const context = await createEmbeddingContext();
        const dashboard = await context.embedDashboard(
          {
            url,
            container: element,
            height: '1000px',
            width: '1000px',
            onChange: (event) => {
              if (event.eventName === 'FRAME_LOADED') loaded = true;
            },
          },
          { parameters, locale: 'es-ES', toolbarOptions: { export: true } },
        );
        setPrint(() => () => void dashboard.initiatePrint());
      } catch {
        setFailed(true);
      }
    })();
    return () => clearTimeout(timer);
  }, [url, parameters]);
  return (
    <Flex direction="column" gap="small">
      {failed ? <Text role="alert">{t.timeout}</Text> : null}
      {print ? (
        <Button size="small" onClick={print} alignSelf="flex-start">
          {t.print}
        </Button>
      ) : null}
      <div ref={container} style={{ width: 1000, height: 1000, maxWidth: '100%', overflow: 'auto' }} />
    </Flex>
  );
}
