import './admin.css';
import { Alert, Card, Flex, Heading, Text, View } from '@aws-amplify/ui-react';
import { es, messageForError } from '@shared/i18n/es';
import type { ReactNode } from 'react';
import { PageLoader } from '@/components/ui/page-loader';
import { AdminBreadcrumb, type Crumb } from './breadcrumb';

/**
 * The frame of a read-only detail page: breadcrumb, title, actions (e.g. 'Imprimir info'), and the fields in a card.
 * While `loading` a spinner shows; a failed load shows its message.
 */
export function DetailPage({
  title,
  crumbs,
  loading,
  error,
  actions,
  children,
}: {
  title: string;
  crumbs: readonly Crumb[];
  loading: boolean;
  error?: unknown;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Flex as="section" direction="column" gap="medium" padding="large">
      <AdminBreadcrumb items={crumbs} />
      <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
        <Heading level={2}>{title}</Heading>
        {actions}
      </Flex>
      {loading ? (
        <PageLoader />
      ) : error ? (
        <Alert variation="error" heading={es.adminUi.loadError}>
          {messageForError(error)}
        </Alert>
      ) : (
        <Card variation="outlined" padding="large">
          <dl className="admin-detail-grid">{children}</dl>
        </Card>
      )}
    </Flex>
  );
}

/** One label and value of a detail page; empty values read '-'. */
export function DetailField({ label, children }: { label: string; children?: ReactNode }) {
  const empty = children === null || children === undefined || children === '';
  return (
    <>
      <dt>{label}</dt>
      <dd>{empty ? es.adminUi.none : children}</dd>
    </>
  );
}

/** A list of names inside a detail field ('Sin elementos' when empty); `key` is the item's uuid. */
export function DetailList({
  items,
  emptyText = es.adminUi.noItems,
}: {
  items: ReadonlyArray<{ key: string; label: string }>;
  emptyText?: string;
}) {
  if (items.length === 0) return <Text color="font.tertiary">{emptyText}</Text>;
  return (
    <View as="ul" margin="0" paddingInlineStart="medium">
      {items.map((item) => (
        <li key={item.key}>{item.label}</li>
      ))}
    </View>
  );
}
