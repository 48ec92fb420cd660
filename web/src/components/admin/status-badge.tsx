import { Badge } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';

/** 'Habilitado' (green) or 'Deshabilitado' (red), for the status of projects, groups, societies and users. */
export function StatusBadge({ enabled, size = 'small' }: { enabled: boolean; size?: 'small' | 'large' }) {
  return (
    <Badge variation={enabled ? 'success' : 'error'} size={size}>
      {enabled ? es.adminUi.enabled : es.adminUi.disabled}
    </Badge>
  );
}
