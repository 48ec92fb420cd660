import { expect, inject } from 'vitest';
import * as societies from '../../shared/contracts/societies';
import { call } from './api';
import { freshRut, unique } from './fresh';

/** A createSociety body every check accepts: a fresh name and RUT, the demo's first industry; `extra` overrides. */
export const societyBody = (group: string, extra: Record<string, unknown> = {}) => ({
  society_business_name: `Sociedad ${unique()} SpA`,
  society_rut: freshRut(),
  business_line: 'Servicios',
  company_code: 'SOC',
  industry_type: inject('portal').demo.industries[0] as string,
  society_email: 'contacto@sociedad.cl',
  currency: 'CLP' as const,
  group,
  society_contact_name: 'Juan Pérez',
  society_phone_number: '+56911112222',
  tax_module: 'False' as const,
  ...extra,
});

/**
 * A society of `group` made through the API by `token`'s holder (the test fails unless it answers 201); `extra.user`
 * joins people from the society's side, after their project.
 */
export async function newSociety(token: string, group: string, extra: Record<string, unknown> = {}) {
  const { status, body } = await call(societies.createSociety, { token, body: societyBody(group, extra) });
  expect(status, JSON.stringify(body)).toBe(201);
  return body as { uuid: string; society_rut: string; society_business_name: string };
}
