import { listShareLinks } from '../../shared/contracts/documents';
import { httpHandler } from '../lib/http/http-handler';
import { liveShareLinks } from './share-links';

/** GET api/v1/documents/share/links/{uuid}/: a document's live links. */
export const handler = httpHandler(listShareLinks, ({ caller, params }) => liveShareLinks(caller, params.uuid));
