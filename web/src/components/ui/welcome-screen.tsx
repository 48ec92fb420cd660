import { es } from '@shared/i18n/es';
import { useBranding } from '@/lib/branding';
import { Heading, Loader, Stack, Text } from './plain';

/** The welcome screen shown while the first data of a session (the profile) loads; the caller caps its duration. */
export function WelcomeScreen() {
  const { site } = useBranding();
  return (
    <Stack
      role="status"
      aria-label={es.app.loading}
      className="portal-welcome"
      style={{ justifyContent: 'center', alignItems: 'center', minHeight: '100vh' }}
    >
      {site?.logo ? (
        <img
          className="amplify-image"
          src={site.logo}
          alt={es.login.logoAlt(site.project_name)}
          style={{ maxHeight: '80px' }}
        />
      ) : (
        <Heading level={1} style={{ color: 'var(--amplify-colors-primary-80)' }}>
          {site?.header_title || es.welcome.title}
        </Heading>
      )}
      <Text style={{ fontSize: 'var(--amplify-font-sizes-large)' }}>{es.welcome.text}</Text>
      <Loader linear style={{ width: '16rem' }} />
    </Stack>
  );
}
