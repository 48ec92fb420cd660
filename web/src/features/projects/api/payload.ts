import type { ResponseOf } from '@shared/contracts/define';
import { DEFAULT_COLOR } from '@shared/contracts/fields';
import type { getProject } from '@shared/contracts/projects';
import { MICROSOFT_ANY_ACCOUNT } from '@shared/microsoft';
import type { MfaPolicy } from '@shared/second-factor';

export type ProjectDetail = ResponseOf<typeof getProject>;
export type WizardMode = 'create' | 'edit';

/** The values of the project wizard (admin-area §3, §5). Files are null until one is chosen. */
export interface ProjectValues {
  project_name: string;
  client_name: string;
  associated_service_description: string;
  service_description: string;
  meta_title: string;
  meta_content: string;
  admin: string[];
  url_own_site: string;
  custom_portal_url: string;
  contact_email: string;
  contact_phone: string;
  header_title: string;
  subtitle: string;
  footer_disclaimer: string;
  primary_color: string;
  secondary_color: string;
  logo: File | null;
  icon: File | null;
  image: File | null;
  /** For whom the firm makes the second factor mandatory (shared/second-factor.ts). */
  mfa_policy: MfaPolicy;
  /** Microsoft sign-in (shared/microsoft.ts): off, the firm's Entra ID tenant (typed below), or any account. */
  microsoft_mode: MicrosoftMode;
  /** The firm's Entra ID tenant id, when microsoft_mode is TENANT. */
  microsoft_tenant: string;
  /** A Microsoft sign-in also asks the second factor's code. */
  microsoft_second_factor: boolean;
}

export const MICROSOFT_MODES = ['OFF', 'TENANT', 'ANY'] as const;
export type MicrosoftMode = (typeof MICROSOFT_MODES)[number];

/** The project's `microsoft_tenant` of the wizard's values: '' off, 'ANY', or the tenant id typed. */
export function microsoftTenantOf(values: Pick<ProjectValues, 'microsoft_mode' | 'microsoft_tenant'>): string {
  if (values.microsoft_mode === 'ANY') return MICROSOFT_ANY_ACCOUNT;
  return values.microsoft_mode === 'TENANT' ? values.microsoft_tenant.trim().toLowerCase() : '';
}

/**
 * The spec's defaults on create are meta_title and meta_content 'default' (admin-area §5, §9); every new
 * firm's browser tab then read 'default'. The wizard asks for both on create too, and when left empty they are taken
 * from the project's name and service description (projectCreateBody).
 */
export const DEFAULT_META = '';

export const EMPTY_PROJECT: ProjectValues = {
  project_name: '',
  client_name: '',
  associated_service_description: '',
  service_description: '',
  meta_title: DEFAULT_META,
  meta_content: DEFAULT_META,
  admin: [],
  url_own_site: '',
  custom_portal_url: '',
  contact_email: '',
  contact_phone: '',
  header_title: '',
  subtitle: '',
  footer_disclaimer: '',
  primary_color: DEFAULT_COLOR,
  secondary_color: DEFAULT_COLOR,
  logo: null,
  icon: null,
  image: null,
  mfa_policy: 'NONE',
  microsoft_mode: 'OFF',
  microsoft_tenant: '',
  microsoft_second_factor: false,
};

/** #abc → #aabbcc, lower case (what a colour input shows). */
export function longHex(color: string | null | undefined): string {
  const value = (color ?? '').trim().toLowerCase();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(value);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`;
  return /^#[0-9a-f]{6}$/.test(value) ? value : DEFAULT_COLOR;
}

export function valuesFromProject(project: ProjectDetail): ProjectValues {
  return {
    project_name: project.project_name,
    client_name: project.client_name,
    associated_service_description: project.associated_service_description,
    service_description: project.service_description,
    meta_title: project.meta_title,
    meta_content: project.meta_content,
    admin: [...project.admin],
    url_own_site: project.url_own_site ?? '',
    custom_portal_url: project.custom_portal_url ?? '',
    contact_email: project.contact_email ?? '',
    contact_phone: project.contact_phone ?? '',
    header_title: project.header_title ?? '',
    subtitle: project.subtitle ?? '',
    footer_disclaimer: project.footer_disclaimer ?? '',
    primary_color: longHex(project.primary_color),
    secondary_color: longHex(project.secondary_color),
    logo: null,
    icon: null,
    image: null,
    mfa_policy: project.mfa_policy ?? 'NONE',
    microsoft_mode: !project.microsoft_tenant
      ? 'OFF'
      : project.microsoft_tenant === MICROSOFT_ANY_ACCOUNT
        ? 'ANY'
        : 'TENANT',
    microsoft_tenant:
      project.microsoft_tenant && project.microsoft_tenant !== MICROSOFT_ANY_ACCOUNT ? project.microsoft_tenant : '',
    microsoft_second_factor: project.microsoft_second_factor ?? false,
  };
}

type Field = keyof ProjectValues;

/** The fields of each form step: Datos principales, Login, Diseño. */
export const STEP_FIELDS: ReadonlyArray<readonly Field[]> = [
  [
    'project_name',
    'client_name',
    'associated_service_description',
    'service_description',
    'meta_title',
    'meta_content',
    'admin',
  ],
  [
    'url_own_site',
    'custom_portal_url',
    'contact_email',
    'contact_phone',
    'header_title',
    'subtitle',
    'mfa_policy',
    'microsoft_mode',
    'microsoft_tenant',
    'microsoft_second_factor',
  ],
  ['primary_color', 'secondary_color', 'footer_disclaimer', 'logo', 'icon', 'image'],
];

/**
 * The one POST of a create (the project exists only after the last step): every step's fields, files when
 * chosen, colours; the site title and description fall back to the project's name and service description.
 */
export function projectCreateBody(values: ProjectValues): FormData {
  const body = new FormData();
  const filled: ProjectValues = {
    ...values,
    meta_title: values.meta_title.trim() || values.project_name,
    meta_content: values.meta_content.trim() || values.service_description,
  };
  STEP_FIELDS.forEach((_, step) => {
    for (const [key, value] of projectStepBody(filled, step, null, undefined).entries()) {
      if (!body.has(key) || key === 'admin') body.append(key, value);
    }
  });
  return body;
}

/** Text fields the server checks by format (URL, e-mail, phone): sent only when filled. */
const FORMAT_FIELDS = new Set<Field>(['url_own_site', 'custom_portal_url', 'contact_email', 'contact_phone']);
/** Optional texts that may be cleared: an empty value is sent when the stored one was not empty. */
const CLEARABLE_FIELDS = new Set<Field>(['header_title', 'subtitle', 'footer_disclaimer', 'custom_portal_url']);
const FILE_FIELDS = new Set<Field>(['logo', 'icon', 'image']);

/**
 * The multipart body of one wizard step (admin-area §7): the step's text fields, the admin list as one `admin` entry
 * per uuid, files only when chosen, and on a PATCH the `version` loaded. The first POST of a create also carries the
 * defaults (meta_title and meta_content 'default', colours #aabbcc).
 *
 * `saved` is what the server holds now (null before the project exists): optional texts and the admin list are sent
 * empty only to clear a stored value.
 */
export function projectStepBody(
  values: ProjectValues,
  step: number,
  saved: ProjectValues | null,
  version: number | undefined,
): FormData {
  const body = new FormData();
  const fields = new Set<Field>(STEP_FIELDS[step] ?? []);
  if (!saved) {
    for (const field of ['meta_title', 'meta_content', 'primary_color', 'secondary_color'] as const) fields.add(field);
  }
  for (const field of fields) {
    const value = values[field];
    if (FILE_FIELDS.has(field)) {
      if (value instanceof File) body.append(field, value, value.name);
      continue;
    }
    // The firm's second-factor policy: sent when it differs from what is stored (on create, from the default).
    if (field === 'mfa_policy') {
      if (value !== (saved?.mfa_policy ?? 'NONE')) body.append(field, value as string);
      continue;
    }
    // Microsoft sign-in: the tenant (off, one, any) and the code after it, sent when they differ from what is stored.
    if (field === 'microsoft_mode') continue;
    if (field === 'microsoft_tenant') {
      const tenant = microsoftTenantOf(values);
      if (tenant !== (saved ? microsoftTenantOf(saved) : '')) body.append(field, tenant);
      continue;
    }
    if (field === 'microsoft_second_factor') {
      if (value !== (saved?.microsoft_second_factor ?? false)) body.append(field, String(value));
      continue;
    }
    if (field === 'admin') {
      const admins = value as string[];
      for (const uuid of admins) body.append('admin', uuid);
      if (admins.length === 0 && saved && saved.admin.length > 0) body.append('admin', '');
      continue;
    }
    const text = String(value).trim();
    if (text !== '') body.append(field, text);
    else if (CLEARABLE_FIELDS.has(field) && saved && String(saved[field]).trim() !== '') body.append(field, '');
    else if (!FORMAT_FIELDS.has(field) && !CLEARABLE_FIELDS.has(field) && saved) body.append(field, text);
  }
  if (saved && version !== undefined) body.append('version', String(version));
  return body;
}
