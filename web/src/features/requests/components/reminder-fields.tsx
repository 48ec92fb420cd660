import { CheckboxField, Flex, Text, TextField } from '@aws-amplify/ui-react';
import { reminderScheduleSchema } from '@shared/contracts/requests';
import { es } from '@shared/i18n/es';
import { type ReminderDraft, scheduleOf } from '../lib/reminders';

const t = es.requestScreens.reminders;

/** Which of the two typed entries the contract's schema refuses (the days before, the days after). */
function wrongParts(draft: ReminderDraft) {
  const result = reminderScheduleSchema.safeParse(scheduleOf(draft));
  const paths = new Set(result.error?.issues.map((issue) => issue.path[0]) ?? []);
  return { before: paths.has('before_days'), after: paths.has('after_every_days') };
}

/** The reminder schedule of a request or a template: days before the due date, the due date, every n days after. */
export function ReminderFields({ value, onChange }: { value: ReminderDraft; onChange: (next: ReminderDraft) => void }) {
  const wrong = wrongParts(value);
  return (
    <fieldset className="requests-fieldset">
      <legend>{t.legend}</legend>
      <Flex direction="column" gap="small">
        <Text fontSize="small">{t.intro}</Text>
        <TextField
          label={t.beforeDays}
          descriptiveText={t.beforeDaysHint}
          value={value.before}
          inputMode="numeric"
          hasError={wrong.before}
          errorMessage={t.beforeDaysFormat}
          onChange={(event) => onChange({ ...value, before: event.target.value })}
          maxWidth="24rem"
        />
        <CheckboxField
          name="on_due"
          label={t.onDue}
          checked={value.onDue}
          onChange={(event) => onChange({ ...value, onDue: event.target.checked })}
        />
        <TextField
          label={t.afterEvery}
          value={value.after}
          inputMode="numeric"
          hasError={wrong.after}
          errorMessage={t.afterEveryFormat}
          onChange={(event) => onChange({ ...value, after: event.target.value })}
          maxWidth="24rem"
        />
      </Flex>
    </fieldset>
  );
}
