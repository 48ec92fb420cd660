import { unsubscribeDocumentDigest } from '../../shared/contracts/users';
import { invalidToken, tokenOwner } from '../lib/data/tokens';
import { setDocumentDigest } from '../lib/data/users';
import { httpHandler } from '../lib/http/http-handler';

/**
 * POST api/v1/users/document-digest/unsubscribe/ (public): the link of a digest mail turns its person's digest off. The
 * link is a random token whose hash the table keeps (tokens.ts), written with the mail; it is not consumed, so a
 * second click answers the same. The SPA sends it on a click, never on opening the page (mail scanners open links).
 */
export const handler = httpHandler(unsubscribeDocumentDigest, async ({ body }) => {
  const owner = await tokenOwner('DIGEST', body.token);
  try {
    await setDocumentDigest(owner, false);
  } catch (error) {
    // The account was deleted since the mail went.
    if ((error as Error).name === 'ConditionalCheckFailedException') throw invalidToken();
    throw error;
  }
  return { detail: 'Ya no recibirás el resumen diario de documentos' };
});
