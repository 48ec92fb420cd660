import type { BodyInputOf } from '@shared/contracts/define';
import { putRequestReminderPreference } from '@shared/contracts/requests';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** PUT api/v1/requests/reminders/preference/: the caller's request reminder mails, on or off. */
export const putRequestReminders = (body: BodyInputOf<typeof putRequestReminderPreference>) =>
  api(putRequestReminderPreference, { body });
export const usePutRequestReminders = () => useMutation({ mutationFn: putRequestReminders });
