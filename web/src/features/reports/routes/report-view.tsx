import { Alert, Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router-dom';
import { AdminBreadcrumb } from '@/components/admin/breadcrumb';
import { useViewedReport } from '@/features/reports/api/get-report';
import { useSelectionQuery } from '@/lib/assignment-lists';

const t = es.reportsViewer;
// Only this route loads the chart library and the BI SDKs (lazy-loaded on the viewer route only).
const DashboardCharts = lazy(() => import('@/features/reports/components/dashboard-charts'));
const QuickSightFrame = lazy(() => import('@/features/reports/components/quicksight-frame'));
const PowerBiFrame = lazy(() => import('@/features/reports/components/powerbi-frame'));

/**
 * /reportView/{uuid} (portal §2): embeds the report by tool type, with an embedding the server computed for the
 * caller's selection. A report it may not see reads 'Grafico no encontrado'; a tool not configured here says so.
 */
export function ReportViewRoute() {
  const { uuid = '' } = useParams();
  const selection = useSelectionQuery();
  const { data, isPending, isError } = useViewedReport(uuid, selection);
  if (isPending) return <Loader size="large" margin="large" aria-label={t.loading} />;
  if (isError || !data) {
    return (
      <Flex direction="column" padding="large">
        <Heading level={2}>{t.notFound}</Heading>
      </Flex>
    );
  }
  const { embed } = data;
  return (
    <Flex as="section" direction="column" gap="medium" padding="large" minWidth="0">
      <AdminBreadcrumb items={[{ label: data.menu_name }]} />
      <Heading level={2}>{data.report_name}</Heading>
      <Text color="font.secondary">{data.description}</Text>
      <Suspense fallback={<Loader size="large" />}>
        {embed.kind === 'NOT_CONFIGURED' ? (
          <Alert variation="info" role="status">
            {embed.message}
          </Alert>
        ) : embed.kind === 'BUILT_IN' ? (
          <DashboardCharts id={uuid} selection={selection} />
        ) : embed.kind === 'QUICKSIGHT' ? (
          <QuickSightFrame url={embed.url} parameters={embed.parameters} />
        ) : (
          <PowerBiFrame
            embedUrl={embed.embed_url}
            reportId={embed.report_id}
            accessToken={embed.access_token}
            filters={embed.filters}
            title={data.report_name}
          />
        )}
      </Suspense>
    </Flex>
  );
}
