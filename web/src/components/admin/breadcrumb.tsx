import { Breadcrumbs } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { Link as RouterLink } from 'react-router-dom';

export interface Crumb {
  label: string;
  /** Where the crumb leads; the last crumb (the current page) has none. */
  to?: string;
}

/** The breadcrumb of admin pages: always 'Inicio' (/home) first (admin-area §2), then `items`. */
export function AdminBreadcrumb({ items }: { items: readonly Crumb[] }) {
  const all: Crumb[] = [{ label: es.adminUi.home, to: '/home' }, ...items];
  return (
    <Breadcrumbs.Container aria-label={es.adminUi.breadcrumb}>
      {all.map((crumb, index) => {
        const last = index === all.length - 1;
        return (
          <Breadcrumbs.Item key={`${crumb.to ?? ''}|${crumb.label}`}>
            {crumb.to && !last ? (
              <Breadcrumbs.Link as={RouterLink} to={crumb.to}>
                {crumb.label}
              </Breadcrumbs.Link>
            ) : (
              <Breadcrumbs.Link isCurrent>{crumb.label}</Breadcrumbs.Link>
            )}
            {last ? null : <Breadcrumbs.Separator />}
          </Breadcrumbs.Item>
        );
      })}
    </Breadcrumbs.Container>
  );
}
