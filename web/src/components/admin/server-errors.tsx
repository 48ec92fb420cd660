import { Alert, Text } from '@aws-amplify/ui-react';
import { type ErrorContext, messagesForError } from '@shared/i18n/es';

/**
 * The red list of server errors under a form (admin-area §8): one line per message, each starting with '- '.
 * Give either `error` (an ApiError or anything thrown; its Spanish lines come from the catalogue) or `messages`.
 * Renders nothing when there is nothing to say.
 */
export function ServerErrors({
  error,
  messages,
  context,
}: {
  error?: unknown;
  messages?: readonly string[];
  context?: ErrorContext;
}) {
  const lines = messages ?? (error ? messagesForError(error, context) : []);
  if (lines.length === 0) return null;
  return (
    <Alert variation="error" role="alert" data-testid="server-errors">
      {lines.map((line) => (
        <Text as="span" display="block" key={line} className="admin-error-list">
          {`- ${line}`}
        </Text>
      ))}
    </Alert>
  );
}
