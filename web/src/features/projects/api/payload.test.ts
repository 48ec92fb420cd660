import { describe, expect, it } from 'vitest';
import { EMPTY_PROJECT, longHex, projectCreateBody, projectStepBody } from './payload';

const entries = (body: FormData) =>
  [...body.entries()].map(([key, value]) => [key, typeof value === 'string' ? value : 'file']);

describe('project wizard payloads (admin-area §5, §7)', () => {
  const values = {
    ...EMPTY_PROJECT,
    project_name: 'Andes',
    client_name: 'Cliente',
    associated_service_description: 'Contabilidad',
    service_description: 'Portal',
    admin: ['a-1', 'a-2'],
  };

  it('creates once with every step, one admin entry per uuid; the site title and description never read "default"', () => {
    const logo = new File(['x'], 'logo.png', { type: 'image/png' });
    const all = { ...values, url_own_site: 'https://a.cl', contact_phone: '+56 9 1234 5678', logo };
    expect(entries(projectCreateBody(all))).toEqual([
      ['project_name', 'Andes'],
      ['client_name', 'Cliente'],
      ['associated_service_description', 'Contabilidad'],
      ['service_description', 'Portal'],
      ['meta_title', 'Andes'],
      ['meta_content', 'Portal'],
      ['admin', 'a-1'],
      ['admin', 'a-2'],
      ['primary_color', '#aabbcc'],
      ['secondary_color', '#aabbcc'],
      ['url_own_site', 'https://a.cl'],
      ['contact_phone', '+56 9 1234 5678'],
      ['logo', 'file'],
    ]);
    const typed = { ...values, meta_title: 'Andes | Portal', meta_content: 'Clientes de Andes' };
    expect(entries(projectCreateBody(typed))).toContainEqual(['meta_title', 'Andes | Portal']);
    expect(entries(projectCreateBody(typed))).toContainEqual(['meta_content', 'Clientes de Andes']);
  });

  it('patches a later step with its filled fields, chosen files and the version', () => {
    const logo = new File(['x'], 'logo.png', { type: 'image/png' });
    const step2 = { ...values, url_own_site: 'https://a.cl', contact_phone: '' };
    expect(entries(projectStepBody(step2, 1, values, 2))).toEqual([
      ['url_own_site', 'https://a.cl'],
      ['version', '2'],
    ]);
    expect(entries(projectStepBody({ ...values, logo }, 2, values, 3))).toEqual([
      ['primary_color', '#aabbcc'],
      ['secondary_color', '#aabbcc'],
      ['logo', 'file'],
      ['version', '3'],
    ]);
  });

  it("sends the firm's second-factor policy only when it changes", () => {
    expect(entries(projectStepBody({ ...values, mfa_policy: 'ADMINS' }, 1, values, 4))).toEqual([
      ['mfa_policy', 'ADMINS'],
      ['version', '4'],
    ]);
    const strict = { ...values, mfa_policy: 'ALL' as const };
    expect(entries(projectStepBody(strict, 1, strict, 4)).map(([key]) => key)).not.toContain('mfa_policy');
    expect(entries(projectCreateBody(strict))).toContainEqual(['mfa_policy', 'ALL']);
  });

  it('clears a stored optional text and the last admin explicitly', () => {
    const saved = { ...values, header_title: 'Título', admin: ['a-1'] };
    expect(entries(projectStepBody({ ...saved, header_title: '' }, 1, saved, 5))).toContainEqual(['header_title', '']);
    expect(entries(projectStepBody({ ...saved, admin: [] }, 0, saved, 5))).toContainEqual(['admin', '']);
  });

  it("clears a stored portal URL (the firm's domain leaves the edge), and never sends an empty one otherwise", () => {
    const saved = { ...values, custom_portal_url: 'https://portal.firma.cl' };
    expect(entries(projectStepBody({ ...saved, custom_portal_url: '' }, 1, saved, 5))).toContainEqual([
      'custom_portal_url',
      '',
    ]);
    const none = { ...values, custom_portal_url: '' };
    expect(entries(projectStepBody(none, 1, none, 5)).map(([key]) => key)).not.toContain('custom_portal_url');
  });

  it('reads colours as #rrggbb', () => {
    expect(longHex('#0F7B5F')).toBe('#0f7b5f');
    expect(longHex('#abc')).toBe('#aabbcc');
    expect(longHex(null)).toBe('#aabbcc');
  });
});
