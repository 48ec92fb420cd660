import { Card, Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { SelectionQuery } from '@/features/reports/api/get-report';
import { useReportDashboard } from '@/features/reports/api/get-report-dashboard';

const t = es.reportsViewer;
const COLORS = ['#005A9F', '#F2A900', '#0F7B5F', '#E4572E', '#6C5CE7', '#00A8CC'];

/** Chilean number format on axes and tooltips: 60.000, 0,5. */
const chilean = new Intl.NumberFormat('es-CL', { maximumFractionDigits: 2 });
const formatValue = (value: unknown) => (typeof value === 'number' ? chilean.format(value) : String(value));

type Panel = {
  id: string;
  title: string;
  chart: 'bar' | 'pie' | 'line';
  points: Array<{ label: string; value: number }>;
};

function Chart({ panel }: { panel: Panel }) {
  if (panel.points.length === 0) return <Text color="font.tertiary">{t.noData}</Text>;
  if (panel.chart === 'pie') {
    return (
      <PieChart>
        <Pie data={panel.points} dataKey="value" nameKey="label" outerRadius="75%" isAnimationActive={false}>
          {panel.points.map((point, index) => (
            <Cell key={point.label} fill={COLORS[index % COLORS.length]} />
          ))}
        </Pie>
        <Tooltip formatter={formatValue} />
        <Legend />
      </PieChart>
    );
  }
  if (panel.chart === 'line') {
    return (
      <LineChart data={panel.points}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="label" minTickGap={24} />
        <YAxis domain={['auto', 'auto']} width={72} tickFormatter={formatValue} />
        <Tooltip formatter={formatValue} />
        <Line type="monotone" dataKey="value" stroke={COLORS[0]} dot={false} isAnimationActive={false} />
      </LineChart>
    );
  }
  return (
    <BarChart data={panel.points}>
      <CartesianGrid strokeDasharray="3 3" />
      <XAxis dataKey="label" />
      <YAxis
        width={64}
        tickFormatter={formatValue}
        allowDecimals={panel.points.some((point) => !Number.isInteger(point.value))}
      />
      <Tooltip formatter={formatValue} />
      <Bar dataKey="value" fill={COLORS[0]} isAnimationActive={false} />
    </BarChart>
  );
}

/**
 * A built-in dashboard: the portal's own data for the caller's selection, drawn with Recharts (SVG). This
 * module is loaded only by the viewer route (React.lazy), so Recharts never weighs on other pages.
 */
export default function DashboardCharts({ id, selection }: { id: string; selection: SelectionQuery }) {
  const { data, isPending, isError } = useReportDashboard(id, selection);
  if (isPending) return <Loader size="large" />;
  if (isError || !data) return <Text role="alert">{t.embedFailed}</Text>;
  return (
    <Flex direction="column" gap="medium" data-testid="built-in-dashboard">
      {data.scope_name ? <Text color="font.secondary">{t.dashboardOf(data.scope_name)}</Text> : null}
      {data.note ? <Text data-testid="dashboard-note">{data.note}</Text> : null}
      <Flex wrap="wrap" gap="medium">
        {data.panels.map((panel) => (
          <Card key={panel.id} variation="outlined" flex="1 1 20rem" minWidth="0" data-testid={`panel-${panel.id}`}>
            <Heading level={4} marginBottom="small">
              {panel.title}
            </Heading>
            <div style={{ width: '100%', height: 280 }}>
              {panel.points.length === 0 ? (
                <Text color="font.tertiary">{t.noData}</Text>
              ) : (
                <ResponsiveContainer width="100%" height="100%">
                  <Chart panel={panel} />
                </ResponsiveContainer>
              )}
            </div>
          </Card>
        ))}
      </Flex>
    </Flex>
  );
}
