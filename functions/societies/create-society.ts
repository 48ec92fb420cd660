import { createSociety as contract } from '../../shared/contracts/societies';
import { httpHandler } from '../lib/http/http-handler';
import { createSociety } from './societies';

/** POST api/v1/societies/society/: a society in a group of the caller (409 RUT_TAKEN for a known RUT). */
export const handler = httpHandler(contract, ({ caller, body }) => createSociety(caller, body));
