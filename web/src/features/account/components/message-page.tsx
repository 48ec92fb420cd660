import { Button, Text } from '@aws-amplify/ui-react';
import { Link as RouterLink } from 'react-router-dom';
import { GuestFrame } from './guest-frame';

/** A guest page that only tells something and offers one way on (success pages, expired link). */
export function MessagePage({
  title,
  text,
  action,
  testId,
}: {
  title: string;
  text: string;
  action: { label: string; to: string };
  testId?: string;
}) {
  return (
    <GuestFrame title={title}>
      <Text textAlign="center" data-testid={testId}>
        {text}
      </Text>
      <Button as={RouterLink} to={action.to} variation="primary" isFullWidth>
        {action.label}
      </Button>
    </GuestFrame>
  );
}
