import { Badge, Flex, Text } from '@aws-amplify/ui-react';
import type { ResponseOf } from '@shared/contracts/define';
import type { getUser } from '@shared/contracts/users';
import { es } from '@shared/i18n/es';
import { formatDate } from '@/components/admin/format';

const t = es.usersAdmin.mailSuppressed;
type Suppression = NonNullable<ResponseOf<typeof getUser>['mail_suppressed']>;

/**
 * 'Correo rechazado': SES reported the address as bouncing for good or marking a mail as spam, so the portal mails it
 * no more (an invitation to it stays unsent). The reason and the date in words; `detailed` adds what to do.
 */
export function MailSuppressed({ suppression, detailed = false }: { suppression: Suppression; detailed?: boolean }) {
  return (
    <Flex direction="column" gap="xxxs" alignItems="flex-start" data-testid="mail-suppressed">
      <Badge variation="warning" size="small">
        {t.badge}
      </Badge>
      <Text fontSize="small">
        {t.reasons[suppression.reason]}, {t.since(formatDate(suppression.since))}.
      </Text>
      {detailed ? <Text fontSize="small">{t.help}</Text> : null}
    </Flex>
  );
}
