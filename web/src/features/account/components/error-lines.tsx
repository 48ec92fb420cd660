import { Alert, Text } from '@aws-amplify/ui-react';

/** Server errors as an alert: one line per message, each prefixed with a dash (portal §8, registration errors). */
export function ErrorLines({ lines, testId = 'form-errors' }: { lines: readonly string[]; testId?: string }) {
  if (lines.length === 0) return null;
  return (
    <Alert variation="error" data-testid={testId}>
      {lines.map((line) => (
        <Text key={line} as="span" display="block" color="inherit">
          - {line}
        </Text>
      ))}
    </Alert>
  );
}
