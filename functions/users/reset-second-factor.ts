import { resetSecondFactor } from '../../shared/contracts/second-factor';
import { httpHandler } from '../lib/http/http-handler';
import { resetUserSecondFactor } from './second-factor-reset';

/** DELETE api/v1/users/user/{uuid}/second-factor/: a higher admin of the user's whole scope removes its factor. */
export const handler = httpHandler(resetSecondFactor, ({ caller, params }) =>
  resetUserSecondFactor(caller, params.uuid),
);
