import { Card, Flex, Heading } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';

/**
 * The frame of the guest account pages, in the look of the plain login: a centred card with a title; `accent` (a
 * firm's secondary colour) marks its top edge.
 */
export function GuestFrame({ title, children, accent }: { title: string; children: ReactNode; accent?: string }) {
  return (
    <Flex as="main" justifyContent="center" alignItems="center" minHeight="100vh" padding="medium">
      <Card
        variation="elevated"
        width="100%"
        maxWidth="30rem"
        padding="xl"
        style={accent ? { borderTop: `4px solid ${accent}` } : undefined}
      >
        <Flex direction="column" gap="large">
          <Heading level={1} textAlign="center">
            {title}
          </Heading>
          {children}
        </Flex>
      </Card>
    </Flex>
  );
}
