import { Text } from '@aws-amplify/ui-react';
import type { ReminderSchedule } from '@shared/contracts/requests';
import { es } from '@shared/i18n/es';

const t = es.requestScreens.reminders;

/** A reminder schedule in one line: 'Recordatorios por correo: 3 días antes; el día del vencimiento; …'. */
export function ReminderSummary({ schedule }: { schedule: ReminderSchedule }) {
  return (
    <Text fontSize="small">
      {`${t.legend}: ${t.summary(schedule.before_days.join(', '), schedule.on_due, schedule.after_every_days)}`}
    </Text>
  );
}
