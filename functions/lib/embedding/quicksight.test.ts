import {
  GenerateEmbedUrlForAnonymousUserCommand,
  GenerateEmbedUrlForRegisteredUserCommand,
  QuickSightClient,
} from '@aws-sdk/client-quicksight';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { Caller } from '../auth/caller';
import type { RegistryRecord } from '../data/dashboard-registry';
import type { ReportRecord } from '../data/reports';
import type { UserRecord } from '../data/user-record';
import { embedFor as embedWithLookup } from './embed';

/**
 * The exact QuickSight request per role, from the caller's verified scope; the dashboard from the
 * registry entry the report picked, bound to the caller's project, never from what a firm typed. There is no
 * QuickSight emulator (design/reports.md), so the client is mocked; the request it receives is what is checked.
 */
const quickSight = mockClient(QuickSightClient);

const report: ReportRecord = {
  kind: 'REPORT',
  uuid: 'r-1',
  report_name: 'Ventas',
  menu_name: 'Ventas',
  description: 'Ventas',
  tool_type: 'QUICKSIGHT',
  url: null,
  aws_id_dashboard: 'dash-1',
  aws_username: null,
  registry_entry: 'e-1',
  builtin_dashboard: null,
  image: null,
  enable: true,
  enable_project_admin: true,
  enable_group_admin: true,
  enable_user_group: true,
  enable_user_society: true,
  project_list: ['p-1'],
  group_list: [],
  society_list: [],
  anchors: [{ p: 'p-1' }],
  projects: ['p-1'],
  module_uuid: 'm-1',
  project_parameter_name: 'proyecto',
  group_parameter_name: 'grupo',
  user_role_parameter_name: 'rol',
  user_parameter_name: null,
  parameter_list: [
    { uuid: 'x', parameter_name: 'zona', parameter_content: 'norte', project: 'p-1' },
    { uuid: 'y', parameter_name: 'zona_b', parameter_content: 'sur', project: 'p-2' },
  ],
  created: '2026-01-01T00:00:00.000Z',
  updated: '2026-01-01T00:00:00.000Z',
  version: 1,
};

const entry = (overrides: Partial<RegistryRecord> = {}): RegistryRecord => ({
  uuid: 'e-1',
  tool_type: 'QUICKSIGHT',
  name: 'Ventas',
  aws_id_dashboard: 'dash-1',
  url: null,
  projects: ['p-1'],
  created: '2026-01-01T00:00:00.000Z',
  updated: '2026-01-01T00:00:00.000Z',
  version: 1,
  ...overrides,
});
let entries = new Map<string, RegistryRecord>();

const caller = (role: UserRecord['user_role'], uuid: string): Caller => ({
  role,
  user: { uuid, user_role: role, project_uuids: [], group_uuids: [], society_uuids: [] } as unknown as UserRecord,
});

const ENV = {
  QUICKSIGHT_ACCOUNT_ID: '111122223333',
  QUICKSIGHT_REGION: 'us-east-1',
  QUICKSIGHT_NAMESPACE: 'portal',
};

beforeEach(() => {
  quickSight.reset();
  quickSight.on(GenerateEmbedUrlForAnonymousUserCommand).resolves({ EmbedUrl: 'https://quicksight.example/embed/1' });
  quickSight.on(GenerateEmbedUrlForRegisteredUserCommand).resolves({ EmbedUrl: 'https://quicksight.example/embed/2' });
  Object.assign(process.env, ENV);
  entries = new Map([['e-1', entry()]]);
  process.env.PORTAL_URL = 'https://portal.example.cl';
});

afterEach(() => {
  for (const name of [...Object.keys(ENV), 'QUICKSIGHT_MODE', 'QUICKSIGHT_DASHBOARD_PREFIX']) delete process.env[name];
});

/** The project's branded portal is one allowed domain, the portal's own the other; entries from the map above. */
const embedFor = (...args: Parameters<typeof embedWithLookup>) =>
  embedWithLookup(args[0], args[1], args[2], {
    portalUrlOf: async () => 'https://andes.example.cl/',
    entryOf: async (uuid) => entries.get(uuid),
  });
const NOT_REGISTERED = {
  kind: 'NOT_CONFIGURED',
  message:
    'Sin tablero registrado: este reporte no tiene un tablero registrado para tu proyecto. Pide a tu administrador que elija uno.',
};

const ARN = 'arn:aws:quicksight:us-east-1:111122223333:dashboard/dash-1';

describe('GenerateEmbedUrlForAnonymousUser: session tags from the scope', () => {
  test('USER_SOCIETY: project, group, society, role, user, then the parameters of its project', async () => {
    const embed = await embedFor(caller('USER_SOCIETY', 'u-soc'), report, {
      project: 'p-1',
      group: 'g-1',
      society: 's-1',
    });
    expect(embed).toEqual({
      kind: 'QUICKSIGHT',
      url: 'https://quicksight.example/embed/1',
      parameters: [
        { Name: 'proyecto', Values: ['p-1'] },
        { Name: 'grupo', Values: ['g-1'] },
        { Name: 'rol', Values: ['USER_SOCIETY'] },
        { Name: 'zona', Values: ['norte'] },
      ],
    });
    const calls = quickSight.commandCalls(GenerateEmbedUrlForAnonymousUserCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.args[0].input).toEqual({
      AwsAccountId: '111122223333',
      Namespace: 'portal',
      SessionLifetimeInMinutes: 60,
      AuthorizedResourceArns: [ARN],
      ExperienceConfiguration: { Dashboard: { InitialDashboardId: 'dash-1' } },
      AllowedDomains: ['https://andes.example.cl', 'https://portal.example.cl'],
      SessionTags: [
        { Key: 'project', Value: 'p-1' },
        { Key: 'group', Value: 'g-1' },
        { Key: 'society', Value: 's-1' },
        { Key: 'role', Value: 'USER_SOCIETY' },
        { Key: 'user', Value: 'u-soc' },
        { Key: 'proyecto', Value: 'p-1' },
        { Key: 'grupo', Value: 'g-1' },
        { Key: 'rol', Value: 'USER_SOCIETY' },
        { Key: 'zona', Value: 'norte' },
      ],
    });
  });

  test('USER_GROUP: every society of its group (the match-all value)', async () => {
    await embedFor(caller('USER_GROUP', 'u-grp'), report, { project: 'p-1', group: 'g-1' });
    const tags = quickSight.commandCalls(GenerateEmbedUrlForAnonymousUserCommand)[0]?.args[0].input.SessionTags;
    expect(tags?.slice(0, 5)).toEqual([
      { Key: 'project', Value: 'p-1' },
      { Key: 'group', Value: 'g-1' },
      { Key: 'society', Value: '*' },
      { Key: 'role', Value: 'USER_GROUP' },
      { Key: 'user', Value: 'u-grp' },
    ]);
  });

  test('PROJECT_ADMIN: its project, every group and society; no group parameter without a group', async () => {
    await embedFor(caller('PROJECT_ADMIN', 'u-pa'), report, { project: 'p-1' });
    const tags = quickSight.commandCalls(GenerateEmbedUrlForAnonymousUserCommand)[0]?.args[0].input.SessionTags;
    expect(tags).toEqual([
      { Key: 'project', Value: 'p-1' },
      { Key: 'group', Value: '*' },
      { Key: 'society', Value: '*' },
      { Key: 'role', Value: 'PROJECT_ADMIN' },
      { Key: 'user', Value: 'u-pa' },
      { Key: 'proyecto', Value: 'p-1' },
      { Key: 'rol', Value: 'PROJECT_ADMIN' },
      { Key: 'zona', Value: 'norte' },
    ]);
  });

  test('the tags come from the scope alone: a report parameter named like a scope tag cannot replace it', async () => {
    const sneaky: ReportRecord = {
      ...report,
      parameter_list: [{ uuid: 'z', parameter_name: 'society', parameter_content: 'otra', project: 'p-1' }],
    };
    await embedFor(caller('USER_SOCIETY', 'u-soc'), sneaky, { project: 'p-1', group: 'g-1', society: 's-1' });
    const tags = quickSight.commandCalls(GenerateEmbedUrlForAnonymousUserCommand)[0]?.args[0].input.SessionTags ?? [];
    expect(tags.filter((t) => t.Key?.toLowerCase() === 'society')).toEqual([{ Key: 'society', Value: 's-1' }]);
  });
});

describe("the dashboard comes from the registry, bound to the caller's project", () => {
  const society = { project: 'p-1', group: 'g-1', society: 's-1' };
  const requests = () => quickSight.commandCalls(GenerateEmbedUrlForAnonymousUserCommand).map((c) => c.args[0].input);

  test("the entry's dashboard, whatever id the report record holds", async () => {
    const typed: ReportRecord = { ...report, aws_id_dashboard: 'otra-firma-ventas' };
    await embedFor(caller('USER_SOCIETY', 'u-soc'), typed, society);
    expect(requests().map((r) => [r.ExperienceConfiguration, r.AuthorizedResourceArns])).toEqual([
      [{ Dashboard: { InitialDashboardId: 'dash-1' } }, [ARN]],
    ]);
  });

  test('an entry not bound to the selected project, deleted, or of the other tool: no request, no dashboard', async () => {
    entries.set('e-other', entry({ uuid: 'e-other', aws_id_dashboard: 'otra-firma', projects: ['p-2'] }));
    entries.set(
      'e-pbi',
      entry({ uuid: 'e-pbi', tool_type: 'POWER_BI', aws_id_dashboard: null, url: 'https://app.powerbi.com/x' }),
    );
    for (const registry_entry of ['e-other', 'e-gone', 'e-pbi']) {
      expect(await embedFor(caller('USER_SOCIETY', 'u-soc'), { ...report, registry_entry }, society)).toEqual(
        NOT_REGISTERED,
      );
    }
    expect(requests()).toEqual([]);
  });

  test("a report saved before the registry (free-typed id, no entry) shows 'sin tablero registrado'", async () => {
    const legacy: ReportRecord = { ...report, aws_id_dashboard: 'tablero-antiguo', aws_username: 'admin' };
    delete legacy.registry_entry;
    expect(await embedFor(caller('USER_SOCIETY', 'u-soc'), legacy, society)).toEqual(NOT_REGISTERED);
    expect(quickSight.calls()).toHaveLength(0);
  });

  test("a dashboard outside the deployment's prefix (what its IAM grant names) is never asked for", async () => {
    process.env.QUICKSIGHT_DASHBOARD_PREFIX = 'portal-';
    expect(await embedFor(caller('USER_SOCIETY', 'u-soc'), report, society)).toEqual(NOT_REGISTERED);
    entries.set('e-1', entry({ aws_id_dashboard: 'portal-ventas' }));
    await embedFor(caller('USER_SOCIETY', 'u-soc'), report, society);
    expect(requests().map((r) => r.ExperienceConfiguration?.Dashboard?.InitialDashboardId)).toEqual(['portal-ventas']);
  });

  test('no QuickSight user is ever named: a stored aws_username and QUICKSIGHT_MODE=REGISTERED change nothing', async () => {
    process.env.QUICKSIGHT_MODE = 'REGISTERED';
    await embedFor(caller('USER_SOCIETY', 'u-soc'), { ...report, aws_username: 'admin' }, society);
    expect(quickSight.commandCalls(GenerateEmbedUrlForRegisteredUserCommand)).toHaveLength(0);
    expect(requests()).toHaveLength(1);
    expect(JSON.stringify(requests())).not.toContain('admin');
  });

  test('the SUPER_ADMIN previews without a selection (every tag "all"); others need their project bound', async () => {
    expect(await embedFor(caller('SUPER_ADMIN', 'u-sa'), report, undefined)).toMatchObject({ kind: 'QUICKSIGHT' });
    expect(await embedFor(caller('USER_SOCIETY', 'u-soc'), report, undefined)).toEqual(NOT_REGISTERED);
    expect(requests()[0]?.SessionTags?.slice(0, 3)).toEqual([
      { Key: 'project', Value: '*' },
      { Key: 'group', Value: '*' },
      { Key: 'society', Value: '*' },
    ]);
  });

  test('parameters named like a scope tag in any case, fixed or custom, are left out of the tags', async () => {
    const sneaky: ReportRecord = {
      ...report,
      project_parameter_name: 'Society',
      parameter_list: [{ uuid: 'z', parameter_name: 'USER', parameter_content: '*', project: 'p-1' }],
    };
    await embedFor(caller('USER_SOCIETY', 'u-soc'), sneaky, society);
    const keys = (requests()[0]?.SessionTags ?? []).map((t) => t.Key);
    expect(keys.filter((k) => ['society', 'user'].includes(k?.toLowerCase() ?? ''))).toEqual(['society', 'user']);
  });
});

describe('what is not configured', () => {
  test('without an account configured: the plain message, and QuickSight is not called', async () => {
    delete process.env.QUICKSIGHT_ACCOUNT_ID;
    const embed = await embedFor(caller('USER_SOCIETY', 'u'), report, { project: 'p-1', group: 'g', society: 's' });
    expect(embed).toEqual({
      kind: 'NOT_CONFIGURED',
      message: 'La herramienta de este reporte no está configurada en este ambiente.',
    });
    expect(quickSight.calls()).toHaveLength(0);
  });

  test('missing credentials read as not configured; another failure as a failed load (never a throw)', async () => {
    const noCredentials = Object.assign(new Error('Could not load credentials'), { name: 'CredentialsProviderError' });
    quickSight.on(GenerateEmbedUrlForAnonymousUserCommand).rejects(noCredentials);
    const scope = { project: 'p-1', group: 'g', society: 's' };
    expect(await embedFor(caller('USER_SOCIETY', 'u'), report, scope)).toMatchObject({ kind: 'NOT_CONFIGURED' });
    const pricing = Object.assign(new Error('capacity pricing'), { name: 'UnsupportedPricingPlanException' });
    quickSight.on(GenerateEmbedUrlForAnonymousUserCommand).rejects(pricing);
    expect(await embedFor(caller('USER_SOCIETY', 'u'), report, scope)).toEqual({
      kind: 'NOT_CONFIGURED',
      message: 'No fue posible cargar el reporte en este momento. Inténtalo nuevamente.',
    });
  });
});
