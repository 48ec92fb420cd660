import { Button, Flex } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { DetailField, DetailList, DetailPage } from './detail';
import { personLabel } from './format';
import { PrintInfoButton } from './print-info-button';
import { ShortId } from './short-id';
import { StatusBadge } from './status-badge';

type Person = { uuid: string; first_name: string; last_name: string; email: string };

/** People as the items of a detail list, each labelled with name and e-mail. */
export const peopleItems = (list: readonly Person[]) =>
  list.map((person) => ({ key: person.uuid, label: personLabel(person) }));

export interface EntityDetailProps<T> {
  /** The entity's query, as TanStack Query answers it. */
  query: { data: T | undefined; error: unknown; isPending: boolean };
  /** The page's title once loaded; until then `fallbackTitle`. */
  titleOf: (entity: T) => string;
  fallbackTitle: string;
  /** The list the entity belongs to, first crumb after 'Inicio'. */
  list: { label: string; to: string };
  /** Links shown before 'Imprimir info'. */
  links?: (entity: T) => ReadonlyArray<{ label: string; to: string }>;
  /** What 'Imprimir info' fetches and the name it downloads as. */
  pdf: (entity: T) => { fetchPdf: () => Promise<Blob>; fileName: string };
  /** The fields between the short ID and the status, in order. */
  fields: (entity: T) => ReadonlyArray<{ label: string; value: ReactNode }>;
  /** The lists after the status (societies, users...), in order. */
  lists: (entity: T) => ReadonlyArray<{ label: string; items: ReadonlyArray<{ key: string; label: string }> }>;
}

/**
 * The read-only detail of a hierarchy entity (admin-area §2): breadcrumb, title, its links and 'Imprimir info', then
 * short ID (with copy), its own fields, status, and its lists.
 */
export function EntityDetail<T extends { uuid: string; enable: boolean }>({
  query: { data, error, isPending },
  titleOf,
  fallbackTitle,
  list,
  links,
  pdf,
  fields,
  lists,
}: EntityDetailProps<T>) {
  const title = data ? titleOf(data) : fallbackTitle;
  const print = data ? <PrintInfoButton {...pdf(data)} /> : null;
  const linkList = data && links ? links(data) : [];
  return (
    <DetailPage
      title={title}
      crumbs={[list, { label: title }]}
      loading={isPending}
      error={error}
      actions={
        linkList.length > 0 ? (
          <Flex gap="small" wrap="wrap">
            {linkList.map((link) => (
              <Button key={link.to} as={RouterLink} size="small" to={link.to}>
                {link.label}
              </Button>
            ))}
            {print}
          </Flex>
        ) : (
          print
        )
      }
    >
      {data ? (
        <>
          <DetailField label={es.adminUi.id}>
            <ShortId id={data.uuid} />
          </DetailField>
          {fields(data).map((field) => (
            <DetailField key={field.label} label={field.label}>
              {field.value}
            </DetailField>
          ))}
          <DetailField label={es.adminUi.status}>
            <StatusBadge enabled={data.enable} />
          </DetailField>
          {lists(data).map((entry) => (
            <DetailField key={entry.label} label={entry.label}>
              <DetailList items={entry.items} />
            </DetailField>
          ))}
        </>
      ) : null}
    </DetailPage>
  );
}
