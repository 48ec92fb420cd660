import { Button, Flex, Text } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { useEffect, useState } from 'react';
import { shortId } from './format';

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No Clipboard API (insecure origin, denied permission): the old way.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const done = document.execCommand('copy');
    area.remove();
    return done;
  }
}

/** An ID as detail pages show it (admin-area §2): the first 10 characters and '…', with a button that copies it all. */
export function ShortId({ id }: { id: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2_000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Flex alignItems="center" gap="xs" wrap="wrap">
      <Text as="span" title={id} fontFamily="monospace" data-testid="short-id">
        {shortId(id)}
      </Text>
      <Button size="small" variation="link" onClick={() => void copyText(id).then(setCopied)}>
        {es.adminUi.copyId}
      </Button>
      {copied ? (
        <Text as="span" fontSize="small" color="font.success" role="status">
          {es.adminUi.copied}
        </Text>
      ) : null}
    </Flex>
  );
}
