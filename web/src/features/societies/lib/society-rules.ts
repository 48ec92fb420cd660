import { societyCreateSchema, societyPatchSchema } from '@shared/contracts/societies';
import { type ContractRules, contractRules, type FormMessages, messages } from '@/components/form/contract-rules';
import { createSocietyBody, patchSocietyBody, type SocietyValues } from '@/features/societies/api/payload';

const WORDS: FormMessages<SocietyValues> = {
  society_business_name: messages.text,
  society_rut: messages.rut,
  business_line: messages.text,
  company_code: messages.text,
  society_email: messages.requiredEmail,
  society_contact_name: messages.text,
  society_phone_number: messages.phone,
  society_address: messages.text,
  society_contact_email: messages.email,
};

const CREATE_RULES = contractRules<SocietyValues>([societyCreateSchema], WORDS, createSocietyBody);

/**
 * The society wizard's rules (admin-area §5): created, the POST's body; edited, the PATCH's, checked with the project
 * and group it keeps, since both stay required on edit even when the PATCH leaves them out.
 */
export function societyRules(saved?: { values: SocietyValues; version: number }): ContractRules<SocietyValues> {
  if (!saved) return CREATE_RULES;
  return contractRules<SocietyValues>([societyPatchSchema], WORDS, (values) => ({
    ...patchSocietyBody(values, saved.values, saved.version),
    project: values.project,
    group: values.group,
  }));
}
