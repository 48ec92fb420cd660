import { Button, Flex, Heading, View } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { AdminBreadcrumb, type Crumb } from './breadcrumb';
import { SearchBox } from './search-box';

/**
 * The frame of an admin list page (admin-area §2): breadcrumb from 'Inicio', title, a toolbar with the search box, the
 * filters slot, extra buttons and '+ Crear', then the page's content (table, pager, page size).
 *
 * ```tsx
 * <ListPage title="Grupos sociedad" search={list.values.search} onSearch={(search) => list.setFilters({ search })}
 *   createTo="/admin/group/create" filters={<ProjectFilter ... />}>
 *   <AdminTable ... />
 * </ListPage>
 * ```
 */
export function ListPage({
  title,
  crumbs,
  search,
  onSearch,
  searchLabel,
  createTo,
  createLabel = es.adminUi.create,
  filters,
  toolbar,
  children,
}: {
  title: string;
  /** Breadcrumb after 'Inicio'; defaults to the title alone. */
  crumbs?: readonly Crumb[];
  /** The committed search text; omit `onSearch` to hide the box. */
  search?: string;
  onSearch?: (text: string) => void;
  searchLabel?: string;
  /** Where '+ Crear' leads; omit to hide it. */
  createTo?: string;
  createLabel?: string;
  /** Filter controls, shown beside the search box. */
  filters?: ReactNode;
  /** More buttons, shown before '+ Crear'. */
  toolbar?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Flex as="section" direction="column" gap="medium" padding="large">
      <AdminBreadcrumb items={crumbs ?? [{ label: title }]} />
      <Heading level={2}>{title}</Heading>
      <Flex gap="small" alignItems="flex-end" wrap="wrap">
        {onSearch ? <SearchBox value={search ?? ''} onSearch={onSearch} label={searchLabel} /> : null}
        {filters}
        <View flex="1" />
        {toolbar}
        {createTo ? (
          <Button as={RouterLink} to={createTo} variation="primary" size="small">
            {createLabel}
          </Button>
        ) : null}
      </Flex>
      {children}
    </Flex>
  );
}
