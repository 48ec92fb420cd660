import { searchGroups } from '../../shared/contracts/groups';
import { httpHandler } from '../lib/http/http-handler';
import { pageGroups } from './group-lists';

/** GET api/v1/groups/search/: groups in scope whose name contains the text. */
export const handler = httpHandler(searchGroups, ({ caller, query }) => pageGroups(caller, query));
