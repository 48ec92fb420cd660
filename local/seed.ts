import { randomUUID } from 'node:crypto';
import { BatchWriteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { createIdentity } from '../functions/lib/auth/identities';
import { dynamo } from '../functions/lib/aws/dynamo';
import { config } from '../functions/lib/config';
import type { ProjectRecord } from '../functions/lib/data/projects';
import { keys, normalizePortalUrl, nowIso } from '../functions/lib/data/table';
import { putNewUser, type UserRecord } from '../functions/lib/data/users';
import type { Role } from '../shared/roles';
import { rutCheckDigit } from '../shared/rut';

/**
 * Demo data for local mode only (never deployed): two branded projects, their groups and societies, and one user per
 * role. Runs once; a marker item records that it ran, so a restart keeps whatever a person changed.
 */
export const DEMO_PASSWORD = 'Portal.Demo1';

export const DEMO_ACCOUNTS: ReadonlyArray<{ email: string; role: Role; first_name: string; last_name: string }> = [
  { email: 'superadmin@demo.cl', role: 'SUPER_ADMIN', first_name: 'Sofía', last_name: 'Superadmin' },
  { email: 'proyecto@demo.cl', role: 'PROJECT_ADMIN', first_name: 'Pablo', last_name: 'Proyecto' },
  { email: 'grupo@demo.cl', role: 'GROUP_ADMIN', first_name: 'Gabriela', last_name: 'Grupo' },
  { email: 'usuariogrupo@demo.cl', role: 'USER_GROUP', first_name: 'Ulises', last_name: 'Usuario Grupo' },
  { email: 'sociedad@demo.cl', role: 'USER_SOCIETY', first_name: 'Sara', last_name: 'Sociedad' },
];

const SEED_MARKER = { pk: 'SEED#DEMO', sk: 'SEED' };

const rut = (body: number) => `${body}-${rutCheckDigit(String(body))}`;

export interface DemoData {
  projects: { andes: string; pacifico: string };
  groups: { norte: string; sur: string; costa: string };
  societies: { minera: string; comercial: string; austral: string; pesquera: string };
  users: Record<string, string>;
}

export async function seedDemo(portalUrl: string, secondPortalUrl: string): Promise<DemoData> {
  const { Item } = await dynamo.send(new GetCommand({ TableName: config.tableName, Key: SEED_MARKER }));
  if (Item) return Item.data as DemoData;

  const now = nowIso();
  const id = () => randomUUID();
  const data: DemoData = {
    projects: { andes: id(), pacifico: id() },
    groups: { norte: id(), sur: id(), costa: id() },
    societies: { minera: id(), comercial: id(), austral: id(), pesquera: id() },
    users: Object.fromEntries(DEMO_ACCOUNTS.map((a) => [a.email, id()])),
  };
  const userId = (email: string) => data.users[email] as string;

  const project = (uuid: string, fields: Partial<ProjectRecord>): ProjectRecord => ({
    uuid,
    project_name: '',
    client_name: '',
    associated_service_description: 'Contabilidad y reportería',
    service_description: 'Portal de clientes',
    admin: [],
    meta_title: 'default',
    meta_content: 'default',
    url_own_site: 'https://www.example.cl',
    custom_portal_url: '',
    header_title: '',
    subtitle: '',
    footer_disclaimer: '',
    contact_email: 'contacto@example.cl',
    contact_phone: '+56223456789',
    primary_color: '#aabbcc',
    secondary_color: '#aabbcc',
    image: null,
    logo: null,
    icon: null,
    enable: true,
    created: now,
    updated: now,
    version: 1,
    ...fields,
  });
  const projects = [
    project(data.projects.andes, {
      project_name: 'Contadores Andes',
      client_name: 'Andes Consultores SpA',
      admin: [userId('proyecto@demo.cl')],
      meta_title: 'Portal Contadores Andes',
      meta_content: 'Portal de clientes de Contadores Andes',
      custom_portal_url: normalizePortalUrl(portalUrl),
      header_title: 'Contadores Andes',
      subtitle: 'Tu contabilidad al día',
      footer_disclaimer: 'Contadores Andes SpA. Todos los derechos reservados.',
      primary_color: '#005A9F',
      secondary_color: '#F2A900',
    }),
    project(data.projects.pacifico, {
      project_name: 'Auditores del Pacífico',
      client_name: 'Pacífico Auditores Ltda.',
      meta_title: 'Portal Auditores del Pacífico',
      meta_content: 'Portal de clientes de Auditores del Pacífico',
      custom_portal_url: normalizePortalUrl(secondPortalUrl),
      header_title: 'Auditores del Pacífico',
      subtitle: 'Auditoría con confianza',
      footer_disclaimer: 'Auditores del Pacífico Ltda.',
      primary_color: '#0F7B5F',
      secondary_color: '#E4572E',
    }),
  ];

  const group = (uuid: string, project_uuid: string, group_name: string, admin: string[], user: string[]) => ({
    ...keys.group(uuid),
    gsi1pk: `PROJECT#${project_uuid}#GROUPS`,
    gsi1sk: `${now}#${uuid}`,
    uuid,
    group_name,
    group_description: `Sociedades del ${group_name.toLowerCase()}`,
    project_uuid,
    admin,
    user,
    primary_color: '#aabbcc',
    enable: true,
    created: now,
    updated: now,
    version: 1,
  });
  const groups = [
    group(
      data.groups.norte,
      data.projects.andes,
      'Grupo Norte',
      [userId('grupo@demo.cl')],
      [userId('usuariogrupo@demo.cl')],
    ),
    group(data.groups.sur, data.projects.andes, 'Grupo Sur', [], []),
    group(data.groups.costa, data.projects.pacifico, 'Grupo Costa', [], []),
  ];

  const industries = ['General', 'Minería', 'Comercio', 'Pesca y acuicultura'].map((industry, index) => ({
    pk: 'INDUSTRIES',
    sk: `INDUSTRY#${String(index).padStart(4, '0')}`,
    uuid: id(),
    industry,
    created: now,
  }));
  const industryOf = (name: string) => industries.find((i) => i.industry === name)?.uuid as string;

  const society = (
    uuid: string,
    project_uuid: string,
    group_uuid: string,
    society_business_name: string,
    rutBody: number,
    industry: string,
    user: string[],
  ) => ({
    ...keys.society(uuid),
    gsi1pk: `PROJECT#${project_uuid}#SOCIETIES`,
    gsi1sk: `${now}#${uuid}`,
    gsi2pk: `GROUP#${group_uuid}#SOCIETIES`,
    gsi2sk: `${now}#${uuid}`,
    uuid,
    society_business_name,
    society_rut: rut(rutBody),
    business_line: industry,
    company_code: society_business_name.slice(0, 3).toUpperCase(),
    industry_type: industryOf(industry),
    society_email: `contacto@${society_business_name.split(' ')[0]?.toLowerCase()}.cl`,
    currency: 'CLP',
    group_uuid,
    project_uuid,
    user,
    society_contact_name: 'María González',
    society_phone_number: '+56912345678',
    society_address: 'Av. Providencia 1234, Santiago',
    society_contact_email: null,
    tax_module: 'True',
    enable: true,
    created: now,
    updated: now,
    version: 1,
  });
  const societies = [
    society(data.societies.minera, data.projects.andes, data.groups.norte, 'Minera Atacama SpA', 76123456, 'Minería', [
      userId('sociedad@demo.cl'),
    ]),
    society(
      data.societies.comercial,
      data.projects.andes,
      data.groups.norte,
      'Comercial Norte Ltda.',
      77234567,
      'Comercio',
      [],
    ),
    society(
      data.societies.austral,
      data.projects.andes,
      data.groups.sur,
      'Austral Servicios SpA',
      78345678,
      'General',
      [],
    ),
    society(
      data.societies.pesquera,
      data.projects.pacifico,
      data.groups.costa,
      'Pesquera Pacífico S.A.',
      96456789,
      'Pesca y acuicultura',
      [],
    ),
  ];

  const projectItems = projects.flatMap((p) => [
    { ...keys.project(p.uuid), gsi1pk: 'PROJECTS', gsi1sk: `${now}#${p.uuid}`, ...p },
    { ...keys.unique('PROJECT_NAME', p.project_name.toLowerCase()), owner_uuid: p.uuid },
    { ...keys.unique('PORTAL_URL', p.custom_portal_url), owner_uuid: p.uuid },
  ]);
  const rutMarkers = societies.map((s) => ({ ...keys.unique('RUT', s.society_rut), owner_uuid: s.uuid }));
  await batchPut([...projectItems, ...groups, ...societies, ...rutMarkers, ...industries]);

  const memberships: Record<Role, Pick<UserRecord, 'project_uuids' | 'group_uuids' | 'society_uuids'>> = {
    SUPER_ADMIN: { project_uuids: [], group_uuids: [], society_uuids: [] },
    PROJECT_ADMIN: { project_uuids: [data.projects.andes], group_uuids: [], society_uuids: [] },
    GROUP_ADMIN: { project_uuids: [data.projects.andes], group_uuids: [data.groups.norte], society_uuids: [] },
    USER_GROUP: { project_uuids: [data.projects.andes], group_uuids: [data.groups.norte], society_uuids: [] },
    USER_SOCIETY: {
      project_uuids: [data.projects.andes],
      group_uuids: [data.groups.norte],
      society_uuids: [data.societies.minera],
    },
  };
  for (const account of DEMO_ACCOUNTS) {
    const uuid = userId(account.email);
    await createIdentity(uuid, account.email, DEMO_PASSWORD);
    await putNewUser({
      uuid,
      email: account.email,
      first_name: account.first_name,
      last_name: account.last_name,
      enable: true,
      user_role: account.role,
      image: null,
      phone_number: null,
      position: null,
      user_documentation: true,
      rut_user: null,
      user_description: null,
      user_magnus: null,
      ...memberships[account.role],
      created: now,
      version: 1,
    });
  }
  await dynamo.send(new PutCommand({ TableName: config.tableName, Item: { ...SEED_MARKER, data, created: now } }));
  return data;
}

async function batchPut(items: Record<string, unknown>[]): Promise<void> {
  for (let start = 0; start < items.length; start += 25) {
    let request: Record<string, { PutRequest: { Item: Record<string, unknown> } }[]> | undefined = {
      [config.tableName]: items.slice(start, start + 25).map((Item) => ({ PutRequest: { Item } })),
    };
    while (request && Object.keys(request).length > 0) {
      const out = await dynamo.send(new BatchWriteCommand({ RequestItems: request }));
      request = out.UnprocessedItems as typeof request;
    }
  }
}
