import { Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { AdminBreadcrumb, type Crumb } from './breadcrumb';

/** A required field's label: 'Nombre (*)' (admin-area §5). */
export function requiredLabel(label: string): string {
  return `${label} (*)`;
}

/** The note under required-field forms: '(*) Campos obligatorios'. */
export function RequiredNote() {
  return (
    <Text fontSize="small" color="font.secondary">
      (*) {es.adminUi.requiredNote}
    </Text>
  );
}

/** The frame of a create or edit page: breadcrumb from 'Inicio', title, and the form in a card. */
export function FormPage({
  title,
  crumbs,
  children,
}: {
  title: string;
  crumbs: readonly Crumb[];
  children: ReactNode;
}) {
  return (
    <Flex as="section" direction="column" gap="medium" padding="large">
      <AdminBreadcrumb items={crumbs} />
      <Heading level={2}>{title}</Heading>
      <Card variation="outlined" padding="large" maxWidth="52rem">
        <Flex direction="column" gap="medium">
          {children}
        </Flex>
      </Card>
    </Flex>
  );
}

/** The success step of a wizard or form: the message and a link back to the list ('Ir a proyectos'). */
export function SuccessPanel({ message, linkLabel, to }: { message: string; linkLabel: string; to: string }) {
  return (
    <Flex direction="column" alignItems="center" gap="large" padding="large" role="status">
      <Heading level={3} textAlign="center">
        {message}
      </Heading>
      <Button as={RouterLink} to={to} variation="primary">
        {linkLabel}
      </Button>
    </Flex>
  );
}
