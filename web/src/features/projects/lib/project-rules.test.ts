import { es } from '@shared/i18n/es';
import { describe, expect, it } from 'vitest';
import { EMPTY_PROJECT, type ProjectValues, STEP_FIELDS } from '@/features/projects/api/payload';
import { projectRules } from './project-rules';

const [MAIN, LOGIN, DESIGN] = STEP_FIELDS as [
  readonly (keyof ProjectValues)[],
  readonly (keyof ProjectValues)[],
  readonly (keyof ProjectValues)[],
];

const main: ProjectValues = {
  ...EMPTY_PROJECT,
  project_name: 'Andes',
  client_name: 'Andes SpA',
  associated_service_description: 'Contabilidad',
  service_description: 'Auditoría',
};

/** The message the wizard shows under a field, by the Standard Schema validator TanStack Form runs. */
function shown(values: ProjectValues, field: keyof ProjectValues) {
  const result = projectRules('edit')['~standard'].validate(values) as {
    issues?: Array<{ message: string; path: string[] }>;
  };
  return result.issues?.find((issue) => issue.path[0] === field)?.message;
}

describe('project wizard rules, from the contract (admin-area §5)', () => {
  it('requires the four texts of step 1 on create, and the site title and description on edit too', () => {
    const create = projectRules('create');
    expect(create.passes(main, MAIN)).toBe(true);
    for (const field of [
      'project_name',
      'client_name',
      'associated_service_description',
      'service_description',
    ] as const)
      expect(create.passes({ ...main, [field]: '  ' }, MAIN), field).toBe(false);
    const edit = projectRules('edit');
    expect(edit.passes(main, MAIN)).toBe(false);
    expect(edit.passes({ ...main, meta_title: 'Andes', meta_content: 'Portal' }, MAIN)).toBe(true);
  });

  it('lets the later steps stay empty, and holds each back on a bad value only', () => {
    const create = projectRules('create');
    expect(create.passes(main, LOGIN)).toBe(true);
    expect(create.passes(main, DESIGN)).toBe(true);
    expect(create.passes({ ...main, url_own_site: 'portal.example.cl' }, LOGIN)).toBe(false);
    expect(create.passes({ ...main, url_own_site: 'portal.example.cl' }, MAIN)).toBe(true);
    expect(create.passes({ ...main, primary_color: 'aabbcc' }, DESIGN)).toBe(false);
  });

  it('says the spec’s messages under the fields', () => {
    expect(shown({ ...main, url_own_site: 'ftp://x.cl' }, 'url_own_site')).toBe(es.validation.url);
    expect(shown({ ...main, contact_email: 'ana@' }, 'contact_email')).toBe(es.validation.emailFormat);
    expect(shown({ ...main, contact_phone: '12+34' }, 'contact_phone')).toBe(es.validation.phone);
    expect(shown({ ...main, meta_content: 'a'.repeat(301) }, 'meta_content')).toBe(es.validation.tooLong(300));
    expect(shown({ ...main, secondary_color: '#ab' }, 'secondary_color')).toBe(es.validation.color);
    expect(shown(main, 'meta_title')).toBeUndefined();
  });
});
