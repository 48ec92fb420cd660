import { patchDocumentDigest } from '../../shared/contracts/users';
import { setMailPreference } from '../lib/data/users';
import { httpHandler } from '../lib/http/http-handler';

/** PATCH api/v1/users/user-profile/document-digest/: the caller's own daily mail of new documents, on or off. */
export const handler = httpHandler(patchDocumentDigest, async ({ caller, body }) => {
  await setMailPreference(caller.user.uuid, 'document_digest', body.document_digest);
  return { document_digest: body.document_digest };
});
