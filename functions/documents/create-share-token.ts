import { createShareToken } from '../../shared/contracts/documents';
import { httpHandler } from '../lib/http/http-handler';
import { mintShareLink } from './share-links';

/** GET api/v1/documents/share/token/{uuid}/?days=1|7|30: a new share link's token (shown once). */
export const handler = httpHandler(createShareToken, ({ caller, params, query }) =>
  mintShareLink(caller, params.uuid, query.days),
);
