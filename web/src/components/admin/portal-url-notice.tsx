import { Alert } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';

const t = es.projectsAdmin.portalUrl;

/** The origin of a typed URL, or null while it is not one. */
function originOf(url: string): string | null {
  try {
    return new URL(url.trim()).origin;
  } catch {
    return null;
  }
}

/**
 * Invitation and password links point at the project's custom_portal_url ("when that domain is not set up
 * the link is dead"). "Set up" means the domain reaches this deployment: a DNS record to its CloudFront distribution,
 * and the name added to the distribution as an alternate domain with its certificate. The SPA cannot see DNS, so it
 * says what it knows: a URL on the address this portal is open at right now is set up; any other one is shown with
 * what it needs before its links work; no URL means links use the deployment's general address.
 */
export function PortalUrlNotice({ url }: { url: string }) {
  const here = typeof window === 'undefined' ? '' : window.location.origin;
  const origin = originOf(url);
  if (url.trim() === '') {
    return (
      <Alert variation="info" data-testid="portal-url-notice">
        {t.none}
      </Alert>
    );
  }
  if (!origin || origin === here) return null;
  return (
    <Alert variation="warning" heading={t.heading} data-testid="portal-url-notice">
      {t.notHere(origin)}
    </Alert>
  );
}
