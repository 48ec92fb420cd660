import { deleteSociety as contract } from '../../shared/contracts/societies';
import { httpHandler } from '../lib/http/http-handler';
import { deleteSociety } from './societies';

/** DELETE api/v1/societies/society/{uuid}/: refused (409 SOCIETY_HAS_USERS) while users are attached. */
export const handler = httpHandler(contract, ({ caller, params }) => deleteSociety(caller, params.uuid));
