import { patchUserProfile } from '../../shared/contracts/users';
import { httpHandler } from '../lib/http/http-handler';
import { changeAvatar } from './users';

/** PATCH api/v1/users/user-profile/: the caller's avatar (multipart 'image'). */
export const handler = httpHandler(patchUserProfile, ({ caller, files }) => changeAvatar(caller, files));
