import { es } from '@shared/i18n/es';
import { Loader } from './light/loader';

/** A centred spinner for content that is still loading (lazy routes, the role check). */
export function PageLoader() {
  return (
    <div
      className="amplify-flex"
      role="status"
      aria-label={es.app.loading}
      style={{ justifyContent: 'center', alignItems: 'center', padding: 'var(--amplify-space-xxl)' }}
    >
      <Loader />
    </div>
  );
}
