import { Badge, Flex } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { ROLE_FLAGS, type RoleFlag } from './assignment-values';

/** The 'Rol' column: one badge per user type the item is enabled for (portal §2). */
export function RoleBadges({ item }: { item: Record<RoleFlag, boolean> }) {
  return (
    <Flex gap="xxs" wrap="wrap">
      {ROLE_FLAGS.filter((flag) => item[flag]).map((flag) => (
        <Badge key={flag} size="small" variation="info">
          {es.assignmentsAdmin.roleBadges[flag]}
        </Badge>
      ))}
    </Flex>
  );
}
