import { es, messageForError } from '@shared/i18n/es';
import { loadProfile } from '@/lib/session';
import { Alert } from './light/alert';
import { Button } from './light/button';
import { Stack } from './light/stack';

/** Shown in place of a page that needs the profile when it could not be loaded, with a retry. */
export function ProfileError({ error }: { error: unknown }) {
  return (
    <Stack style={{ padding: 'var(--amplify-space-large)', alignItems: 'flex-start' }}>
      <Alert variation="error" heading={es.app.profileError}>
        {messageForError(error)}
      </Alert>
      <Button onClick={() => void loadProfile()}>{es.app.retry}</Button>
    </Stack>
  );
}
