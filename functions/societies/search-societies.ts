import { searchSocieties } from '../../shared/contracts/societies';
import { httpHandler } from '../lib/http/http-handler';
import { pageSocieties } from './society-lists';

/** GET api/v1/societies/search/: societies in scope whose name, RUT or code contains the text. */
export const handler = httpHandler(searchSocieties, ({ caller, query }) => pageSocieties(caller, query));
