import { Button, Flex, Heading, Link, Text } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { sharedDocumentLink } from '../api/download-shared-document';

const t = es.documents.sharePage;

/**
 * /share/{token} (public; portal §2): the link is checked and the attachment starts; otherwise 'Link expirado'
 * (expired, revoked and malformed alike) with 'Ir a inicio de sesión'. The page sends no referrer, so the token never
 * leaves in a Referer header (design/documents.md).
 */
export function SharePageRoute() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [state, setState] = useState<{ kind: 'checking' } | { kind: 'ok'; link: string } | { kind: 'expired' }>({
    kind: 'checking',
  });

  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'referrer';
    meta.content = 'no-referrer';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);

  useEffect(() => {
    let cancelled = false;
    sharedDocumentLink(token)
      .then(({ link }) => {
        if (cancelled) return;
        setState({ kind: 'ok', link });
        window.location.assign(link);
      })
      .catch(() => !cancelled && setState({ kind: 'expired' }));
    return () => {
      cancelled = true;
    };
  }, [token]);

  return (
    <Flex
      as="main"
      direction="column"
      alignItems="center"
      justifyContent="center"
      gap="medium"
      padding="large"
      minHeight="60vh"
    >
      {state.kind === 'expired' ? (
        <>
          <Heading level={1}>{t.expiredTitle}</Heading>
          <Text textAlign="center">{t.expiredText}</Text>
          <Button variation="primary" onClick={() => navigate('/')}>
            {t.toLogin}
          </Button>
        </>
      ) : (
        <>
          <Heading level={1}>{es.pages.share}</Heading>
          <Text role="status">{t.starting}</Text>
          {state.kind === 'ok' ? (
            <Link href={state.link} rel="noreferrer">
              {t.retry}
            </Link>
          ) : null}
        </>
      )}
    </Flex>
  );
}
