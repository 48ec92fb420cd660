import { randomUUID } from 'node:crypto';
import { createGroup } from '../functions/groups/groups';
import type { Caller } from '../functions/lib/auth/caller';
import { createIdentity } from '../functions/lib/auth/identities';
import { dynamo } from '../functions/lib/aws/dynamo';
import { GetCommand, PutCommand } from '../functions/lib/aws/dynamo-commands';
import { config } from '../functions/lib/config';
import { nowIso } from '../functions/lib/data/table';
import type { UserRecord } from '../functions/lib/data/user-record';
import { putNewUser } from '../functions/lib/data/users';
import { writeStarterArticles } from '../functions/maintenance/starter-articles';
import { createProject, patchProject } from '../functions/projects/projects';
import { createInvitation } from '../functions/registration/invitations';
import { createIndustry } from '../functions/societies/industries';
import { createSociety } from '../functions/societies/societies';
import { rutCheckDigit } from '../shared/rut';
import { type BrandSpec, brandBackground, brandIcon, brandLogo } from './brand-images';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_TOTP_SECRET, DEMO_TRUSTED_DEVICE } from './demo-accounts';
import { enrolWithKnownSecret } from './demo-second-factor';
import { DEMO_MICROSOFT_PEOPLE, DEMO_TENANTS } from './microsoft-stand-in';
import { seedAccounting } from './seed-accounting';
import { seedIndicators } from './seed-indicators';
import { seedReports } from './seed-reports';

/** A demo project's logo, icon and login background, as the wizard's 'Diseño' step would upload them. */
function brandFiles(spec: BrandSpec) {
  const file = (field: string, data: Buffer) => ({
    field,
    filename: `${field}.png`,
    contentType: 'image/png',
    data,
    truncated: false,
  });
  return [file('logo', brandLogo(spec)), file('icon', brandIcon(spec)), file('image', brandBackground(spec))];
}

import { backfillOlderDemo, markBackfillsDone } from './seed-backfills';
import { seedDocuments } from './seed-documents';

/**
 * Demo data for local mode only (never deployed): two branded projects, their groups and societies, industries, and
 * one user per role. It goes through the same domain functions as the API, so markers, counters, memberships and audit
 * items are what a person creating them would leave. Runs once; a marker item records that it ran.
 */
const SEED_MARKER = { pk: 'SEED#DEMO', sk: 'SEED' };

export interface DemoData {
  projects: { andes: string; pacifico: string };
  groups: { norte: string; sur: string; costa: string };
  societies: { minera: string; comercial: string; austral: string; pesquera: string };
  industries: string[];
  users: Record<string, string>;
}

const rut = (body: number) => `${body}-${rutCheckDigit(String(body))}`;

function newUser(account: (typeof DEMO_ACCOUNTS)[number], projectUuids: string[] = []): UserRecord {
  return {
    uuid: randomUUID(),
    email: account.email,
    first_name: account.first_name,
    last_name: account.last_name,
    enable: true,
    user_role: account.role,
    image: null,
    phone_number: '+56912345678',
    position: null,
    documentation_projects: [],
    rut_user: null,
    user_description: null,
    user_magnus: null,
    project_uuids: projectUuids,
    group_uuids: [],
    society_uuids: [],
    created: nowIso(),
    version: 1,
  };
}

export async function seedDemo(portalUrl: string, secondPortalUrl: string): Promise<DemoData> {
  // The scheduled indicators job runs once at every start, before the demo marker is checked.
  await seedIndicators();
  const { Item } = await dynamo.send(new GetCommand({ TableName: config.tableName, Key: SEED_MARKER }));
  const seeder = newUser(
    { email: 'seed@portal.local', role: 'SUPER_ADMIN', first_name: 'Carga', last_name: 'Inicial' },
    [],
  );
  if (Item) {
    // Modules, reports and assignments also reach a portal seeded before they existed.
    await seedReports(Item.data as DemoData, seeder);
    // What an older portal's seed lacks: group feeds, phone display forms, complete user entries (once each).
    await backfillOlderDemo();
    return Item.data as DemoData;
  }

  const system: Caller = { user: seeder, role: 'SUPER_ADMIN' };

  await writeStarterArticles();
  const industries: Array<{ uuid: string; industry: string }> = [];
  for (const name of ['General', 'Minería', 'Comercio', 'Pesca y acuicultura']) {
    industries.push(await createIndustry(system, name));
  }
  const industry = (name: string) => industries.find((i) => i.industry === name)?.uuid as string;

  const common = {
    associated_service_description: 'Contabilidad, auditoría y reportería',
    service_description: 'Portal de clientes con reportes y estados contables',
    contact_phone: '+56223456789',
  };
  const andes = await createProject(
    system,
    {
      ...common,
      // Demo addresses of a domain of our own (demo.cl, like the demo accounts), never a real firm's.
      url_own_site: 'https://andes.demo.cl',
      contact_email: 'contacto@andes.demo.cl',
      project_name: 'Contadores Andes',
      client_name: 'Andes Consultores SpA',
      meta_title: 'Portal Contadores Andes',
      meta_content: 'Portal de clientes de Contadores Andes',
      custom_portal_url: portalUrl,
      header_title: 'Contadores Andes',
      subtitle: 'Tu contabilidad al día',
      footer_disclaimer: 'Contadores Andes SpA. Todos los derechos reservados.',
      primary_color: '#005A9F',
      secondary_color: '#F2A900',
      // Microsoft sign-in from its demo Entra ID tenant (local/microsoft-stand-in.ts).
      microsoft_tenant: DEMO_TENANTS.andes.id,
    },
    brandFiles({ words: ['CONTADORES', 'ANDES'], primary: '#005A9F', secondary: '#F2A900', mark: 'mountains' }),
  );
  const pacifico = await createProject(
    system,
    {
      ...common,
      url_own_site: 'https://pacifico.demo.cl',
      contact_email: 'contacto@pacifico.demo.cl',
      project_name: 'Auditores del Pacífico',
      client_name: 'Pacífico Auditores Ltda.',
      meta_title: 'Portal Auditores del Pacífico',
      meta_content: 'Portal de clientes de Auditores del Pacífico',
      custom_portal_url: secondPortalUrl,
      header_title: 'Auditores del Pacífico',
      subtitle: 'Auditoría con confianza',
      footer_disclaimer: 'Auditores del Pacífico Ltda.',
      primary_color: '#0F7B5F',
      secondary_color: '#E4572E',
    },
    brandFiles({ words: ['AUDITORES DEL', 'PACIFICO'], primary: '#0F7B5F', secondary: '#E4572E', mark: 'waves' }),
  );

  const users: Record<string, string> = {};
  for (const account of DEMO_ACCOUNTS) {
    // Everyone but the admins of all and of a project starts as a member of the first project.
    const home = account.role === 'SUPER_ADMIN' || account.role === 'PROJECT_ADMIN' ? [] : [andes.uuid];
    // Its Documentos entry too: every demo account but SUPER_ADMIN (who has none) browses the first project's documents.
    const documentation = account.role === 'SUPER_ADMIN' ? [] : [andes.uuid];
    const user = { ...newUser(account, []), documentation_projects: documentation };
    await createIdentity(user.uuid, user.email, DEMO_PASSWORD);
    await putNewUser(
      user,
      home.map((uuid) => ({ field: 'project_uuids', uuid, project_uuid: uuid })),
    );
    // The SUPER_ADMIN always has a second factor: the demo's is known (README, `npm run demo:code`).
    if (account.role === 'SUPER_ADMIN') await enrolWithKnownSecret(user.uuid, DEMO_TOTP_SECRET, DEMO_TRUSTED_DEVICE);
    users[account.email] = user.uuid;
  }
  const id = (email: string) => users[email] as string;
  await patchProject(system, andes.uuid, { admin: [id('proyecto@demo.cl')] }, []);

  const norte = await createGroup(system, {
    group_name: 'Grupo Norte',
    group_description: 'Sociedades de la zona norte',
    project: andes.uuid,
    admin: [id('grupo@demo.cl')],
    user: [id('usuariogrupo@demo.cl')],
  });
  const sur = await createGroup(system, {
    group_name: 'Grupo Sur',
    group_description: 'Sociedades de la zona sur',
    project: andes.uuid,
  });
  const costa = await createGroup(system, {
    group_name: 'Grupo Costa',
    group_description: 'Sociedades del litoral',
    project: pacifico.uuid,
  });

  const society = (group: string, name: string, rutBody: number, industryName: string, user: string[] = []) =>
    createSociety(system, {
      society_business_name: name,
      society_rut: rut(rutBody),
      business_line: industryName,
      company_code: name.slice(0, 3).toUpperCase(),
      industry_type: industry(industryName),
      society_email: `contacto@${name.split(' ')[0]?.toLowerCase()}.cl`,
      currency: 'CLP',
      group,
      user,
      society_contact_name: 'María González',
      society_phone_number: '+56912345678',
      society_address: 'Av. Providencia 1234, Santiago',
      tax_module: 'True',
    });
  const minera = await society(norte.uuid, 'Minera Atacama SpA', 76123456, 'Minería', [id('sociedad@demo.cl')]);
  // Invited to Contadores Andes: 'Ingresar con Microsoft' as this person completes the registration (no password).
  await createInvitation(system, {
    user_role: 'USER_SOCIETY',
    email: DEMO_MICROSOFT_PEOPLE.invited,
    society: [minera.uuid],
  });
  const comercial = await society(norte.uuid, 'Comercial Norte Ltda.', 77234567, 'Comercio');
  const austral = await society(sur.uuid, 'Austral Servicios SpA', 78345678, 'General');
  const pesquera = await society(costa.uuid, 'Pesquera Pacífico S.A.', 96456789, 'Pesca y acuicultura');

  const data: DemoData = {
    projects: { andes: andes.uuid, pacifico: pacifico.uuid },
    groups: { norte: norte.uuid, sur: sur.uuid, costa: costa.uuid },
    societies: { minera: minera.uuid, comercial: comercial.uuid, austral: austral.uuid, pesquera: pesquera.uuid },
    industries: industries.map((i) => i.uuid),
    users,
  };
  await seedReports(data, seeder);
  // Accounting: a chart and two years of ledger in both bases for every demo society.
  await seedAccounting([minera.uuid, comercial.uuid, austral.uuid, pesquera.uuid]);

  // Template folders, tax forms and a few real PDFs (local/seed-documents.ts).
  await seedDocuments(system, { project: andes.uuid, society: minera.uuid, otherSociety: comercial.uuid });
  await markBackfillsDone();
  await dynamo.send(new PutCommand({ TableName: config.tableName, Item: { ...SEED_MARKER, data, created: nowIso() } }));
  return data;
}
