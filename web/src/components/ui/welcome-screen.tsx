import { es } from '@shared/i18n/es';
import { useEffect, useState } from 'react';
import { useBranding } from '@/lib/branding';
import { WELCOME_SCREEN_MAX_MS } from '@/lib/constants';
import { Heading } from './light/heading';
import { Loader } from './light/loader';
import { Stack } from './light/stack';
import { Text } from './light/text';

/**
 * The welcome screen shown while the first data of a session loads (the profile in the route guard; the home's
 * indicators inside the page with `inline`). It is not a fixed delay: callers show it only while loading, and
 * useWelcomeTimeLeft caps that at WELCOME_SCREEN_MAX_MS from the page load.
 */
export function WelcomeScreen({ inline = false }: { inline?: boolean }) {
  const { site } = useBranding();
  return (
    <Stack
      role="status"
      aria-label={es.app.loading}
      className="portal-welcome"
      style={{ justifyContent: 'center', alignItems: 'center', minHeight: inline ? '16rem' : '100vh' }}
    >
      {site?.logo ? (
        <img
          className="amplify-image"
          src={site.logo}
          alt={es.login.logoAlt(site.project_name)}
          style={{ maxHeight: '80px' }}
        />
      ) : (
        <Heading level={inline ? 2 : 1} style={{ color: 'var(--amplify-colors-primary-80)' }}>
          {site?.header_title || es.welcome.title}
        </Heading>
      )}
      <Text style={{ fontSize: 'var(--amplify-font-sizes-large)' }}>{es.welcome.text}</Text>
      <Loader linear style={{ width: '16rem', maxWidth: '80vw' }} />
    </Stack>
  );
}

/** True while the page is younger than WELCOME_SCREEN_MAX_MS (counted from the page load, not from the caller). */
const welcomeMsLeft = () => WELCOME_SCREEN_MAX_MS - performance.now();

export function useWelcomeTimeLeft(): boolean {
  const [open, setOpen] = useState(() => welcomeMsLeft() > 0);
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => setOpen(false), Math.max(0, welcomeMsLeft()));
    return () => clearTimeout(timer);
  }, [open]);
  return open;
}
