import { unsubscribeDocumentDigest } from '../../shared/contracts/users';
import { httpHandler } from '../lib/http/http-handler';
import { unsubscribeByLink } from '../lib/mail-unsubscribe';

/** POST api/v1/users/document-digest/unsubscribe/ (public): the digest mail's link turns its person's digest off. */
export const handler = httpHandler(unsubscribeDocumentDigest, async ({ body }) => {
  await unsubscribeByLink('DIGEST', 'document_digest', body.token);
  return { detail: 'Ya no recibirás el resumen diario de documentos' };
});
