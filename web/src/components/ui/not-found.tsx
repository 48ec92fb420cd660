import { Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { Link as RouterLink } from 'react-router-dom';

/** An unknown address. */
export function NotFound() {
  return (
    <Flex as="section" direction="column" alignItems="flex-start" gap="medium" padding="large">
      <Heading level={2}>{es.app.notFoundTitle}</Heading>
      <Text>{es.app.notFoundText}</Text>
      <Button as={RouterLink} to="/home" variation="primary">
        {es.app.goHome}
      </Button>
    </Flex>
  );
}
