import { patchUserProfile } from '../../shared/contracts/users';
import { httpHandler } from '../lib/http/http-handler';
import { changeOwnProfile } from './users';

/** PATCH api/v1/users/user-profile/: the caller's avatar (multipart 'image'), names and phone. */
export const handler = httpHandler(patchUserProfile, ({ caller, body, files }) =>
  changeOwnProfile(caller, body, files),
);
