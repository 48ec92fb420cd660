import { Card, CheckboxField, Heading, Text } from '@aws-amplify/ui-react';
import { es, messageForError } from '@shared/i18n/es';
import { useState } from 'react';
import { usePutRequestReminders } from '@/features/account/api/put-request-reminder-preference';
import { reloadProfile } from '@/lib/session';

const t = es.account.requestReminders;

/** The profile's switch of the reminder mails of open document requests (on until the person turns it off). */
export function RequestRemindersSetting({ on }: { on: boolean }) {
  const [checked, setChecked] = useState(on);
  const save = usePutRequestReminders();
  return (
    <Card variation="outlined" data-testid="request-reminders-setting">
      <Heading level={3} fontSize="medium" marginBottom="small">
        {t.title}
      </Heading>
      <CheckboxField
        name="request_reminders"
        label={t.label}
        checked={checked}
        isDisabled={save.isPending}
        onChange={(event) => {
          const next = event.target.checked;
          setChecked(next);
          save.mutate(
            { reminders: next },
            {
              onSuccess: (answer) => {
                setChecked(answer.reminders);
                void reloadProfile();
              },
              onError: () => setChecked(!next),
            },
          );
        }}
      />
      <Text fontSize="small" color="font.tertiary" marginTop="xxs">
        {t.hint}
      </Text>
      {save.isSuccess ? (
        <Text fontSize="small" color="font.success" role="status" data-testid="request-reminders-saved">
          {t.saved}
        </Text>
      ) : null}
      {save.error ? (
        <Text fontSize="small" color="font.error" role="alert">
          {messageForError(save.error)}
        </Text>
      ) : null}
    </Card>
  );
}
