import { Flex, Loader } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';

/** A centred spinner for content that is still loading (lazy routes, the role check). */
export function PageLoader() {
  return (
    <Flex justifyContent="center" alignItems="center" padding="xxl" role="status" aria-label={es.app.loading}>
      <Loader size="large" />
    </Flex>
  );
}
