import { answerRequestItemNotApplicable } from '../../shared/contracts/requests';
import { httpHandler } from '../lib/http/http-handler';
import { answerNotApplicable } from './requests';

/** POST api/v1/requests/request/{uuid}/item/{item}/not-applicable/: the item does not apply, with a comment. */
export const handler = httpHandler(answerRequestItemNotApplicable, ({ caller, params, body }) =>
  answerNotApplicable(caller, params.uuid, params.item, body.comment),
);
