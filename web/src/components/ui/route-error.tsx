import { Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { useEffect } from 'react';
import { Link as RouterLink, useNavigate, useRouteError } from 'react-router-dom';

/**
 * What a page that throws while rendering shows instead of React Router's English default: a Spanish message, a retry
 * and a way home. It sits inside the shell's layouts, so the menu stays and the rest of the portal keeps working.
 */
export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Flex as="section" direction="column" alignItems="flex-start" gap="medium" padding="large" role="alert">
      <Heading level={2}>{es.app.crashTitle}</Heading>
      <Text>{es.app.crashText}</Text>
      <Flex gap="small" wrap="wrap">
        <Button onClick={() => navigate(0)}>{es.app.retry}</Button>
        <Button as={RouterLink} to="/home" variation="primary">
          {es.app.goHome}
        </Button>
      </Flex>
    </Flex>
  );
}
