import { Card, Flex, Heading, Link, Text, View } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { CSV_HEADER, csvExampleHref } from '@/features/users/lib/users-logic';

const t = es.usersAdmin.import;

/** The CSV format the import accepts, and an example file to download. */
export function CsvHelp() {
  return (
    <Card variation="outlined" data-testid="csv-help">
      <Flex direction="column" gap="xs">
        <Heading level={3} fontSize="medium">
          {t.formatTitle}
        </Heading>
        <Text fontSize="small">{t.formatHeader}</Text>
        <Text as="code" fontFamily="monospace" fontSize="small">
          {CSV_HEADER}
        </Text>
        <View as="ul" margin="0" paddingInlineStart="medium" fontSize="small">
          {t.columns.map(([column, text]) => (
            <li key={column}>
              <Text as="code" display="inline" fontFamily="monospace">
                {column}
              </Text>
              : {text}
            </li>
          ))}
        </View>
        <Link href={csvExampleHref()} download={t.exampleFile} fontSize="small">
          {t.download}
        </Link>
      </Flex>
    </Card>
  );
}
