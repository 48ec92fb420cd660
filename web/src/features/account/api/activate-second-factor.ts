import { postOwnSecondFactor } from '@shared/contracts/second-factor';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reloadProfile } from '@/lib/session';

/** POST api/v1/users/second-factor/: the first code activates the caller's factor; the ten recovery codes come back. */
export const activateSecondFactor = (code: string) => api(postOwnSecondFactor, { body: { code } });
/** The profile says 'Activa' from then on. */
export const useActivateSecondFactor = () =>
  useMutation({ mutationFn: activateSecondFactor, onSuccess: () => void reloadProfile() });
