import { checkSocietyRut } from '@shared/contracts/societies';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET api/v1/societies/rut-available/: whether a RUT is free in the chosen group's firm, asked when leaving step 1 of
 * the wizard.
 */
export const fetchRutAvailable = ({ rut, group }: { rut: string; group: string }) =>
  api(checkSocietyRut, { query: { rut, ...(group && { group }) } });

export const useCheckSocietyRut = () => useMutation({ mutationFn: fetchRutAvailable });
