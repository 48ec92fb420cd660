import { Text, View } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { useEffect, useState } from 'react';
import { fetchHealth } from '@/features/health/api/get-health';

type Health = 'checking' | 'ok' | 'down';

/**
 * Public liveness page (portal spec §2), read by uptime probes: 'The App is Healthy' only once the API's health
 * contract answers ok, so the page reflects the API, not just the static site.
 */
export function HealthCheckRoute() {
  const [health, setHealth] = useState<Health>('checking');
  useEffect(() => {
    const controller = new AbortController();
    fetchHealth(controller.signal).then(
      (answer) => setHealth(answer.status === 'ok' ? 'ok' : 'down'),
      () => !controller.signal.aborted && setHealth('down'),
    );
    return () => controller.abort();
  }, []);
  const text = health === 'ok' ? es.health.ok : health === 'down' ? es.healthStatus.down : es.healthStatus.checking;
  return (
    <View as="main" padding="large">
      <Text role="status" data-health={health}>
        {text}
      </Text>
    </View>
  );
}
