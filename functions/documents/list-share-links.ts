import { listShareLinks } from '../../shared/contracts/documents';
import { httpHandler } from '../lib/http/http-handler';
import { documentShareLinks } from './share-links';

/** GET api/v1/documents/share/links/{uuid}/: a document's unexpired links, with why each no longer opens. */
export const handler = httpHandler(listShareLinks, ({ caller, params }) => documentShareLinks(caller, params.uuid));
