import { es } from '@shared/i18n/es';
import { usePutMessageNotices } from '@/features/account/api/message-notices';
import { MailSwitch } from './mail-switch';

/** The profile's switch of the hourly mail of new messages (everyone; on until the person turns it off). */
export function MessageNoticesSetting({ on }: { on: boolean }) {
  return (
    <MailSwitch
      name="message_notices"
      testId="message-notices"
      texts={es.account.messageNotices}
      on={on}
      save={usePutMessageNotices()}
      bodyOf={(notices) => ({ notices })}
      answerOf={(answer) => answer.notices}
    />
  );
}
