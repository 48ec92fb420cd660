import type { BodyInputOf, ResponseOf } from '@shared/contracts/define';
import type { createSociety, getSociety, patchSociety } from '@shared/contracts/societies';

export type SocietyDetail = ResponseOf<typeof getSociety>;
export type Currency = 'CLP' | 'USD' | 'EUR';
export type TaxModule = 'True' | 'False';

export const CURRENCIES: readonly Currency[] = ['CLP', 'USD', 'EUR'];

/** The values of the society wizard (admin-area §3, §5). */
export interface SocietyValues {
  society_business_name: string;
  society_rut: string;
  business_line: string;
  company_code: string;
  industry_type: string;
  society_email: string;
  currency: Currency;
  project: string;
  group: string;
  user: string[];
  society_contact_name: string;
  society_phone_number: string;
  society_address: string;
  society_contact_email: string;
  tax_module: TaxModule;
}

export const EMPTY_SOCIETY: SocietyValues = {
  society_business_name: '',
  society_rut: '',
  business_line: '',
  company_code: '',
  industry_type: '',
  society_email: '',
  currency: 'CLP',
  project: '',
  group: '',
  user: [],
  society_contact_name: '',
  society_phone_number: '',
  society_address: '',
  society_contact_email: '',
  tax_module: 'False',
};

export function valuesFromSociety(society: SocietyDetail): SocietyValues {
  return {
    society_business_name: society.society_business_name,
    society_rut: society.society_rut ?? '',
    business_line: society.business_line,
    company_code: society.company_code,
    industry_type: society.industry_type?.uuid ?? '',
    society_email: society.society_email,
    currency: society.currency,
    project: society.project.uuid,
    group: society.group.uuid,
    user: [...society.user],
    society_contact_name: society.society_contact_name,
    society_phone_number: society.society_phone_number,
    society_address: society.society_address ?? '',
    society_contact_email: society.society_contact_email ?? '',
    tax_module: society.tax_module,
  };
}

type Field = keyof SocietyValues;

/** The fields of each step: Datos principales, Contacto. */
export const SOCIETY_STEP_FIELDS: ReadonlyArray<readonly Field[]> = [
  [
    'society_business_name',
    'society_rut',
    'business_line',
    'company_code',
    'industry_type',
    'society_email',
    'currency',
    'project',
    'group',
    'user',
  ],
  ['society_contact_name', 'society_phone_number', 'society_address', 'society_contact_email', 'tax_module'],
];

const trimmed = (value: string) => value.trim();

/**
 * POST body, sent at the end of the wizard with the fields of both steps (admin-area §5): the RUT, address and
 * contact e-mail are omitted when empty, the user list too; the project goes along when one was chosen.
 */
export function createSocietyBody(values: SocietyValues): BodyInputOf<typeof createSociety> {
  return {
    society_business_name: trimmed(values.society_business_name),
    ...(trimmed(values.society_rut) && { society_rut: trimmed(values.society_rut) }),
    business_line: trimmed(values.business_line),
    company_code: trimmed(values.company_code),
    industry_type: values.industry_type,
    society_email: trimmed(values.society_email),
    currency: values.currency,
    group: values.group,
    ...(values.project && { project: values.project }),
    ...(values.user.length > 0 && { user: values.user }),
    society_contact_name: trimmed(values.society_contact_name),
    society_phone_number: trimmed(values.society_phone_number),
    ...(trimmed(values.society_address) && { society_address: trimmed(values.society_address) }),
    ...(trimmed(values.society_contact_email) && { society_contact_email: trimmed(values.society_contact_email) }),
    tax_module: values.tax_module,
  };
}

/**
 * PATCH body with the version loaded (admin-area §5): a RUT, address or contact e-mail cleared on a society that had
 * one is sent empty (the API clears it); the group is omitted when unchanged or empty; the user list is omitted when
 * empty, unless the society had users (then the empty list removes them, and a move to another project needs it).
 */
export function patchSocietyBody(
  values: SocietyValues,
  saved: SocietyValues,
  version: number,
): BodyInputOf<typeof patchSociety> {
  const optional = (field: 'society_rut' | 'society_address' | 'society_contact_email') => {
    const value = trimmed(values[field]);
    if (value) return { [field]: value };
    return trimmed(saved[field]) ? { [field]: '' } : {};
  };
  return {
    society_business_name: trimmed(values.society_business_name),
    ...optional('society_rut'),
    business_line: trimmed(values.business_line),
    company_code: trimmed(values.company_code),
    industry_type: values.industry_type,
    society_email: trimmed(values.society_email),
    currency: values.currency,
    ...(values.project && { project: values.project }),
    ...(values.group && values.group !== saved.group && { group: values.group }),
    ...(values.user.length > 0 || saved.user.length > 0 ? { user: values.user } : {}),
    society_contact_name: trimmed(values.society_contact_name),
    society_phone_number: trimmed(values.society_phone_number),
    ...optional('society_address'),
    ...optional('society_contact_email'),
    tax_module: values.tax_module,
    version,
  };
}
