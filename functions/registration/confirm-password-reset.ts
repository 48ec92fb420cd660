import { confirmPasswordReset } from '../../shared/contracts/registration';
import { httpHandler } from '../lib/http/http-handler';
import { confirmPasswordToken } from './accounts';

/** GET api/v1/users/password/reset/?token=: is this password link alive? */
export const handler = httpHandler(confirmPasswordReset, ({ query }) => confirmPasswordToken(query.token));
