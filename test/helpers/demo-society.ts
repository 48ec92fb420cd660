import { randomUUID } from 'node:crypto';
import { expect, inject } from 'vitest';
import * as societies from '../../shared/contracts/societies';
import { call } from './api';
import { freshRut } from './tenant-world';

/**
 * A society of a demo group, made through the API by a SUPER_ADMIN with these users, who so join it from the
 * society's side (after their project): the order whose directory entries issue 9's users pages depend on.
 */
export async function demoSociety(token: string, group: string, user: string[]) {
  const { body, status } = await call(societies.createSociety, {
    token,
    body: {
      society_business_name: `Sociedad ${randomUUID().slice(0, 8)} SpA`,
      society_rut: freshRut(),
      business_line: 'Servicios',
      company_code: 'SOC',
      industry_type: inject('portal').demo.industries[0] as string,
      society_email: 'contacto@sociedad.cl',
      currency: 'CLP',
      group,
      user,
      society_contact_name: 'Juan Pérez',
      society_phone_number: '+56911112222',
      tax_module: 'False',
    },
  });
  expect(status).toBe(201);
  return body as { uuid: string; society_business_name: string };
}
