import { Flex, Heading, Image, Loader, Text } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { useBranding } from '@/lib/branding';

/** The welcome screen shown while the first data of a session (the profile) loads; the caller caps its duration. */
export function WelcomeScreen() {
  const { site } = useBranding();
  return (
    <Flex
      direction="column"
      justifyContent="center"
      alignItems="center"
      gap="medium"
      minHeight="100vh"
      role="status"
      aria-label={es.app.loading}
      className="portal-welcome"
    >
      {site?.logo ? (
        <Image src={site.logo} alt={es.login.logoAlt(site.project_name)} maxHeight="80px" />
      ) : (
        <Heading level={1} color="primary.80">
          {site?.header_title || es.welcome.title}
        </Heading>
      )}
      <Text fontSize="large">{es.welcome.text}</Text>
      <Loader size="large" variation="linear" width="16rem" />
    </Flex>
  );
}
