import { Text, View } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';

/** Public liveness page (portal spec §2), read by uptime probes. */
export function HealthCheckRoute() {
  return (
    <View as="main" padding="large">
      <Text>{es.health.ok}</Text>
    </View>
  );
}
