import type { BodyOf } from '@shared/contracts/define';
import { putTaxRules } from '@shared/contracts/tax-calendar';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** PUT api/v1/tax-calendar/rules/: saves a year's rules and holidays whole (SUPER_ADMIN). */
export const saveTaxRules = (body: BodyOf<typeof putTaxRules>) => api(putTaxRules, { body });

export const usePutTaxRules = () => useMutation({ mutationFn: saveTaxRules });
