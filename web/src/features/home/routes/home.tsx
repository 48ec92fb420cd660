import { Flex, Heading, Placeholder, Text } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { useSession } from '@/lib/session';

/** /home: the greeting. Indicators, rotating texts and the report lists arrive with later issues. */
export function HomeRoute() {
  const { profile } = useSession();
  return (
    <Flex as="section" direction="column" gap="small" padding="large">
      {profile ? (
        <Heading level={1}>{es.home.greeting(profile.user.first_name)}</Heading>
      ) : (
        <Placeholder size="large" width="12rem" />
      )}
      <Text fontSize="large" color="font.secondary">
        {es.home.welcome}
      </Text>
    </Flex>
  );
}
