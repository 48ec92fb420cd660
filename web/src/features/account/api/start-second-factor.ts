import { postOwnSecondFactorEnrolment } from '@shared/contracts/second-factor';
import { useMutation } from '@tanstack/react-query';
import { qrCodeOf } from '@/components/second-factor/enrolment';
import { api } from '@/lib/api-client';

/** POST api/v1/users/second-factor/enrolment/: a new pending enrolment of the caller, with its QR code drawn. */
export async function startSecondFactor(): Promise<{ secret: string; qr: string }> {
  const { secret, otpauth_uri } = await api(postOwnSecondFactorEnrolment);
  return { secret, qr: await qrCodeOf(otpauth_uri) };
}
/** A pending secret changes no cached read. */
export const useStartSecondFactor = () => useMutation({ mutationFn: startSecondFactor, meta: { invalidates: false } });
