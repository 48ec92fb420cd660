import { revokeShareLink } from '../../shared/contracts/documents';
import { httpHandler } from '../lib/http/http-handler';
import { revokeLink } from './share-links';

/** DELETE api/v1/documents/share/link/{uuid}/: revokes one link. */
export const handler = httpHandler(revokeShareLink, ({ caller, params }) => revokeLink(caller, params.uuid));
