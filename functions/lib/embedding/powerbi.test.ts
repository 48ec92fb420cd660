import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { readBody } from '../../../test/helpers/raw-http';
import type { Caller } from '../auth/caller';
import type { RegistryRecord } from '../data/dashboard-registry';
import type { ReportRecord } from '../data/reports';
import type { UserRecord } from '../data/user-record';
import { embedFor as embedWithLookups } from './embed';

/**
 * Power BI embedding from the caller's scope. The URL mode's filters ('column in (values)' joined by 'and');
 * the service-principal mode against a stub of Entra and the Power BI REST API on 127.0.0.1 that records and checks
 * every request (the secret comes from SSM, mocked: no local SSM exists).
 */
const ssm = mockClient(SSMClient);

interface Seen {
  method: string;
  path: string;
  authorization?: string;
  body: string;
}
let seen: Seen[] = [];
let failGenerate = false;
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const body = await readBody(request);
    const path = request.url ?? '';
    seen.push({ method: request.method ?? '', path, authorization: request.headers.authorization, body });
    response.setHeader('content-type', 'application/json');
    if (path === '/tenant-1/oauth2/v2.0/token') return response.end(JSON.stringify({ access_token: 'entra-token' }));
    if (path === '/v1.0/myorg/groups/ws-1/reports/rep-1') {
      return response.end(
        JSON.stringify({ id: 'rep-1', datasetId: 'ds-1', embedUrl: 'https://app.powerbi.com/embed/rep-1' }),
      );
    }
    if (path === '/v1.0/myorg/GenerateToken' && !failGenerate)
      return response.end(JSON.stringify({ token: 'embed-token' }));
    response.statusCode = 500;
    response.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const SETTINGS = [
  'POWERBI_MODE',
  'POWERBI_TENANT_ID',
  'POWERBI_CLIENT_ID',
  'POWERBI_SECRET_PARAMETER',
  'POWERBI_AUTHORITY_URL',
  'POWERBI_API_URL',
];

beforeEach(() => {
  seen = [];
  failGenerate = false;
  ssm.reset();
  ssm.on(GetParameterCommand).resolves({ Parameter: { Value: 'principal-secret' } });
});
afterEach(() => {
  for (const name of SETTINGS) delete process.env[name];
});

const report: ReportRecord = {
  kind: 'REPORT',
  uuid: 'r-2',
  report_name: 'Finanzas',
  menu_name: 'Finanzas',
  description: 'Finanzas',
  tool_type: 'POWER_BI',
  url: 'https://app.powerbi.com/reportEmbed?reportId=rep-1&groupId=ws-1',
  aws_id_dashboard: null,
  aws_username: null,
  registry_entry: 'e-pbi',
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
  user_role_parameter_name: null,
  user_parameter_name: null,
  parameter_list: [{ uuid: 'x', parameter_name: 'zona', parameter_content: "O'Higgins", project: 'p-1' }],
  created: '2026-01-01T00:00:00.000Z',
  updated: '2026-01-01T00:00:00.000Z',
  version: 1,
};

const REGISTERED_URL = 'https://app.powerbi.com/reportEmbed?reportId=rep-1&groupId=ws-1';
const entry = (overrides: Partial<RegistryRecord> = {}): RegistryRecord => ({
  uuid: 'e-pbi',
  tool_type: 'POWER_BI',
  name: 'Finanzas',
  aws_id_dashboard: null,
  url: REGISTERED_URL,
  projects: ['p-1'],
  created: '2026-01-01T00:00:00.000Z',
  updated: '2026-01-01T00:00:00.000Z',
  version: 1,
  ...overrides,
});
let entries = new Map<string, RegistryRecord>();
beforeEach(() => {
  entries = new Map([['e-pbi', entry()]]);
});
/** The URL (and so the workspace and report) is the registry entry's, looked up here. */
const embedFor = (...args: Parameters<typeof embedWithLookups>) =>
  embedWithLookups(args[0], args[1], args[2], { entryOf: async (uuid) => entries.get(uuid) });

const societyUser: Caller = {
  role: 'USER_SOCIETY',
  user: { uuid: 'u-soc', user_role: 'USER_SOCIETY' } as unknown as UserRecord,
};
const selection = { project: 'p-1', group: 'g-1', society: 's-1' };

describe('URL mode', () => {
  test("filters from the scope: 'Table/column in (values)' joined by 'and', quotes escaped, in the embed URL", async () => {
    process.env.POWERBI_MODE = 'URL';
    const embed = await embedFor(societyUser, report, selection);
    const expression = "Portal/proyecto in ('p-1') and Portal/grupo in ('g-1') and Portal/zona in ('O''Higgins')";
    expect(embed).toEqual({
      kind: 'POWER_BI',
      embed_url: `${REGISTERED_URL}&filter=${encodeURIComponent(expression)}`,
      report_id: null,
      access_token: null,
      filters: [
        { table: 'Portal', column: 'proyecto', values: ['p-1'] },
        { table: 'Portal', column: 'grupo', values: ['g-1'] },
        { table: 'Portal', column: 'zona', values: ["O'Higgins"] },
      ],
      filter_expression: expression,
    });
    expect(seen).toHaveLength(0);
  });

  test('not configured in this environment: the plain message', async () => {
    expect(await embedFor(societyUser, report, selection)).toEqual({
      kind: 'NOT_CONFIGURED',
      message: 'La herramienta de este reporte no está configurada en este ambiente.',
    });
  });
});

describe('service principal: an embed token whose effective identity carries the scope', () => {
  beforeEach(() => {
    Object.assign(process.env, {
      POWERBI_MODE: 'SERVICE_PRINCIPAL',
      POWERBI_TENANT_ID: 'tenant-1',
      POWERBI_CLIENT_ID: 'client-1',
      POWERBI_SECRET_PARAMETER: '/portal/powerbi/secret',
      POWERBI_AUTHORITY_URL: base,
      POWERBI_API_URL: base,
    });
  });

  test('Entra client credentials with the SSM secret, the report lookup, then GenerateToken with the identity', async () => {
    const embed = await embedFor(societyUser, report, selection);
    expect(embed).toMatchObject({
      kind: 'POWER_BI',
      embed_url: 'https://app.powerbi.com/embed/rep-1',
      report_id: 'rep-1',
      access_token: 'embed-token',
    });
    expect(ssm.commandCalls(GetParameterCommand)[0]?.args[0].input).toEqual({
      Name: '/portal/powerbi/secret',
      WithDecryption: true,
    });
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual([
      'POST /tenant-1/oauth2/v2.0/token',
      'GET /v1.0/myorg/groups/ws-1/reports/rep-1',
      'POST /v1.0/myorg/GenerateToken',
    ]);
    const entra = new URLSearchParams(seen[0]?.body);
    expect(Object.fromEntries(entra)).toEqual({
      grant_type: 'client_credentials',
      client_id: 'client-1',
      client_secret: 'principal-secret',
      scope: 'https://analysis.windows.net/powerbi/api/.default',
    });
    expect(seen[1]?.authorization).toBe('Bearer entra-token');
    expect(seen[2]?.authorization).toBe('Bearer entra-token');
    expect(JSON.parse(seen[2]?.body ?? '{}')).toEqual({
      reports: [{ id: 'rep-1' }],
      datasets: [{ id: 'ds-1' }],
      targetWorkspaces: [{ id: 'ws-1' }],
      identities: [
        {
          username: 'u-soc',
          roles: ['Portal'],
          datasets: ['ds-1'],
          customData: JSON.stringify({ project: 'p-1', group: 'g-1', society: 's-1', role: 'USER_SOCIETY' }),
        },
      ],
      lifetimeInMinutes: 60,
    });
  });

  test('a failing Power BI answers the Spanish failure message, never a throw', async () => {
    failGenerate = true;
    expect(await embedFor(societyUser, report, selection)).toEqual({
      kind: 'NOT_CONFIGURED',
      message: 'No fue posible cargar el reporte en este momento. Inténtalo nuevamente.',
    });
  });

  test('a registered URL without its report and workspace ids cannot be tokenised: not configured', async () => {
    entries.set('e-pbi', entry({ url: 'https://app.powerbi.com/view?r=abc' }));
    expect(await embedFor(societyUser, report, selection)).toMatchObject({ kind: 'NOT_CONFIGURED' });
    expect(seen).toHaveLength(0);
  });

  test("the workspace and report are the registry entry's, whatever URL the report record holds", async () => {
    const typed = { ...report, url: 'https://app.powerbi.com/reportEmbed?reportId=otro-reporte&groupId=otro-espacio' };
    await embedFor(societyUser, typed, selection);
    expect(seen.map((s) => s.path)).toContain('/v1.0/myorg/groups/ws-1/reports/rep-1');
    expect(JSON.stringify(seen)).not.toMatch(/otro-reporte|otro-espacio/);
  });

  test("an entry not bound to the caller's project, or no entry: no call, 'sin tablero registrado'", async () => {
    entries.set('e-pbi', entry({ projects: ['p-2'] }));
    const legacy = { ...report, registry_entry: null };
    for (const r of [report, legacy]) {
      expect(await embedFor(societyUser, r, selection)).toEqual({
        kind: 'NOT_CONFIGURED',
        message:
          'Sin tablero registrado: este reporte no tiene un tablero registrado para tu proyecto. Pide a tu administrador que elija uno.',
      });
    }
    expect(seen).toHaveLength(0);
    expect(ssm.calls()).toHaveLength(0);
  });
});
