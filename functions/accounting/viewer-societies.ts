import { accountingViewerSocieties } from '../../shared/contracts/accounting';
import { httpHandler } from '../lib/http/http-handler';
import { societiesForViewer } from './society-access';

/** GET api/v1/accounting/societies/: the societies the viewer's assignment opens for the caller (its selector). */
export const handler = httpHandler(accountingViewerSocieties, ({ caller, query }) =>
  societiesForViewer(caller, query.assignment),
);
