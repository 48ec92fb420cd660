import { Button, Card, Flex, Heading, Image, Link, Text } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { loadBranding, useBranding } from '@/lib/branding';
import { sharedDocumentInfo, sharedDocumentLink } from '../api/download-shared-document';
import { formatSize } from '../lib/levels';

const t = es.documents.sharePage;

type Info = Awaited<ReturnType<typeof sharedDocumentInfo>>;
type State =
  | { kind: 'checking' }
  | { kind: 'ready'; info: Info }
  | { kind: 'downloading'; info: Info }
  | { kind: 'started'; info: Info; link: string }
  | { kind: 'expired' };

const untilText = (iso: string | undefined) =>
  iso
    ? new Date(iso).toLocaleString('es-CL', {
        timeZone: 'America/Santiago',
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      })
    : '';

/**
 * /share/{token} (public; portal §2): the firm's logo, the document's name, size and how long the link lasts, and
 * 'Descargar'. Opening the page downloads nothing and counts no use: only the button does. An expired, revoked or
 * malformed link says so, and that the person who shared it can send a new one; an outsider has no sign-in to go to.
 * The page sends no referrer, so the token never leaves in a Referer header (design/documents.md).
 */
export function SharePageRoute() {
  const { token = '' } = useParams();
  const { site } = useBranding();
  const [state, setState] = useState<State>({ kind: 'checking' });

  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'referrer';
    meta.content = 'no-referrer';
    document.head.appendChild(meta);
    void loadBranding();
    return () => meta.remove();
  }, []);

  useEffect(() => {
    let cancelled = false;
    sharedDocumentInfo(token)
      .then((info) => !cancelled && setState({ kind: 'ready', info }))
      .catch(() => !cancelled && setState({ kind: 'expired' }));
    return () => {
      cancelled = true;
    };
  }, [token]);

  const download = async (info: Info) => {
    setState({ kind: 'downloading', info });
    try {
      const { link } = await sharedDocumentLink(token);
      setState({ kind: 'started', info, link });
      window.location.assign(link);
    } catch {
      setState({ kind: 'expired' });
    }
  };

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
      {site?.logo ? <Image src={site.logo} alt={es.login.logoAlt(site.project_name)} maxHeight="4rem" /> : null}
      {state.kind === 'expired' ? (
        <>
          <Heading level={1}>{t.expiredTitle}</Heading>
          <Text textAlign="center">{t.expiredText}</Text>
        </>
      ) : state.kind === 'checking' ? (
        <>
          <Heading level={1}>{es.pages.share}</Heading>
          <Text role="status">{t.checking}</Text>
        </>
      ) : (
        <Card variation="outlined" maxWidth="32rem" width="100%">
          <Flex direction="column" gap="small">
            <Heading level={1} fontSize="xl" style={{ overflowWrap: 'anywhere' }}>
              {state.info.file_name ?? state.info.document_name}
            </Heading>
            {site ? <Text fontSize="small">{t.sharedBy(site.project_name)}</Text> : null}
            <Text fontSize="small" data-testid="share-size">
              {t.size}: {formatSize(state.info.size)}
            </Text>
            <Text fontSize="small" data-testid="share-until">
              {t.until(untilText(state.info.expires_at))}
            </Text>
            <Button
              variation="primary"
              isLoading={state.kind === 'downloading'}
              loadingText={t.download}
              onClick={() => download(state.info)}
            >
              {t.download}
            </Button>
            {state.kind === 'started' ? (
              <Text role="status" fontSize="small">
                {t.started}{' '}
                <Link href={state.link} rel="noreferrer">
                  {t.retry}
                </Link>
              </Text>
            ) : null}
          </Flex>
        </Card>
      )}
    </Flex>
  );
}
