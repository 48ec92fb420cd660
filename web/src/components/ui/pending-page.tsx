import { Card, Heading, Text, View } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { useMatches } from 'react-router-dom';

/**
 * The honest empty state of a page a later issue fills: its title and a 'coming soon' line, no invented data.
 */
export function PendingPage({ title }: { title: string }) {
  return (
    <View as="section" padding="large">
      <Heading level={2} marginBottom="medium">
        {title}
      </Heading>
      <Card variation="outlined">
        <Text color="font.secondary">{es.pending.text}</Text>
      </Card>
    </View>
  );
}

type PageKey = keyof typeof es.pages;

/** The title of the deepest matched route whose handle names a page of the catalogue. */
function usePageTitle(): string {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const page = (matches[i]?.handle as { page?: PageKey } | undefined)?.page;
    if (page && page in es.pages) return es.pages[page];
  }
  return es.app.title;
}

/** A pending page inside the shell. */
export function PendingRoute() {
  return <PendingPage title={usePageTitle()} />;
}

/** A pending page on its own (guest and public pages). */
export function PendingStandaloneRoute() {
  return (
    <main className="portal-standalone">
      <PendingPage title={usePageTitle()} />
    </main>
  );
}
