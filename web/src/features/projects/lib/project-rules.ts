import { projectCreateSchema, projectPatchSchema } from '@shared/contracts/projects';
import { es } from '@shared/i18n/es';
import { type ContractRules, contractRules, type FormMessages, messages } from '@/components/form/contract-rules';
import type { ProjectValues, WizardMode } from '@/features/projects/api/payload';

const t = es.microsoftSignIn;

const WORDS: FormMessages<ProjectValues> = {
  project_name: messages.text,
  client_name: messages.text,
  associated_service_description: messages.text,
  service_description: messages.text,
  meta_title: messages.text,
  meta_content: messages.text,
  url_own_site: messages.url,
  custom_portal_url: messages.url,
  contact_email: messages.email,
  contact_phone: messages.phone,
  header_title: messages.text,
  subtitle: messages.text,
  footer_disclaimer: messages.text,
  primary_color: messages.color,
  secondary_color: messages.color,
  microsoft_tenant: { blank: t.tenantFormat, length: t.tenantFormat, format: t.tenantFormat },
};

/** Texts a PATCH may not empty (admin-area §5: on edit the site title and description are required too). */
const KEPT_ON_EDIT = new Set<keyof ProjectValues>([
  'project_name',
  'client_name',
  'associated_service_description',
  'service_description',
  'meta_title',
  'meta_content',
]);

/**
 * What the contract checks of the wizard's values: trimmed texts, an empty one left out (on edit, a text the project
 * must keep is checked empty). The files are not the contract's: the wizard checks them as images (validateImage).
 */
function checkedBody(values: ProjectValues, mode: WizardMode): object {
  const body: Record<string, unknown> = { admin: values.admin };
  for (const [field, value] of Object.entries(values) as Array<[keyof ProjectValues, unknown]>) {
    if (typeof value !== 'string' || field === 'microsoft_mode') continue;
    // The tenant id is checked only when the firm signs in with its own tenant.
    if (field === 'microsoft_tenant' && values.microsoft_mode !== 'TENANT') continue;
    const text = value.trim();
    if (text !== '' || (mode === 'edit' && KEPT_ON_EDIT.has(field))) body[field] = text;
  }
  return body;
}

const RULES: Record<WizardMode, ContractRules<ProjectValues>> = {
  create: contractRules<ProjectValues>([projectCreateSchema], WORDS, (values) => checkedBody(values, 'create')),
  edit: contractRules<ProjectValues>([projectPatchSchema], WORDS, (values) => checkedBody(values, 'edit')),
};

/** The project wizard's rules (admin-area §5): the POST's schema on create, the PATCH's on edit. */
export function projectRules(mode: WizardMode): ContractRules<ProjectValues> {
  return RULES[mode];
}
