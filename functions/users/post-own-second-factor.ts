import { postOwnSecondFactor } from '../../shared/contracts/second-factor';
import { completeEnrolment } from '../lib/auth/second-factor';
import { epochSeconds } from '../lib/data/table';
import { lockIfFull, releaseSlot, takeSlotItem } from '../lib/data/throttle';
import { writeSessionEvent } from '../lib/data/user-logs';
import { ApiError } from '../lib/errors';
import { requestOrigin } from '../lib/http/client-ip';
import { httpHandler } from '../lib/http/http-handler';

/**
 * POST api/v1/users/second-factor/: the first code of the caller's own pending enrolment activates it and answers the
 * ten recovery codes, once. The code takes a slot of the account's SECOND_FACTOR throttle, as at a sign-in's code
 * (five wrong ones lock its codes), given back when right; both outcomes go to the security log.
 */
export const handler = httpHandler(postOwnSecondFactor, async ({ caller, body, event }) => {
  const userUuid = caller.user.uuid;
  const origin = requestOrigin(event);
  const slot = await takeSlotItem('SECOND_FACTOR', userUuid);
  const enrolled = await completeEnrolment(userUuid, body.code);
  if (!enrolled) {
    await Promise.all([
      lockIfFull('SECOND_FACTOR', userUuid, slot.attempts, epochSeconds(), slot.lock_count ?? 0),
      writeSessionEvent({ userUuid }, 'SECOND_FACTOR_REFUSED', origin),
    ]);
    // 400, not 401 as at a sign-in's step: the caller is signed in, and a 401 tells the SPA its session ended.
    throw new ApiError(400, 'INVALID_CODE');
  }
  await Promise.all([
    releaseSlot('SECOND_FACTOR', userUuid),
    writeSessionEvent({ userUuid }, 'SECOND_FACTOR_ENABLED', origin),
  ]);
  return { recovery_codes: enrolled.recoveryCodes };
});
