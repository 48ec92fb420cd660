import { es } from '@shared/i18n/es';
import { usePutRequestReminders } from '@/features/account/api/put-request-reminder-preference';
import { MailSwitch } from './mail-switch';

/** The profile's switch of the reminder mails of open document requests (on until the person turns it off). */
export function RequestRemindersSetting({ on }: { on: boolean }) {
  return (
    <MailSwitch
      name="request_reminders"
      testId="request-reminders"
      texts={es.account.requestReminders}
      on={on}
      save={usePutRequestReminders()}
      bodyOf={(reminders) => ({ reminders })}
      answerOf={(answer) => answer.reminders}
    />
  );
}
