import { reviewRequestItem } from '../../shared/contracts/requests';
import { httpHandler } from '../lib/http/http-handler';
import { reviewItem } from './requests';

/** POST api/v1/requests/request/{uuid}/item/{item}/review/: the firm accepts or returns (with a comment) an answer. */
export const handler = httpHandler(reviewRequestItem, ({ caller, params, body }) =>
  reviewItem(caller, params.uuid, params.item, body),
);
