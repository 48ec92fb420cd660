import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  GenerateEmbedUrlForAnonymousUserCommand,
  GenerateEmbedUrlForRegisteredUserCommand,
  QuickSightClient,
} from '@aws-sdk/client-quicksight';
import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import * as registry from '../../shared/contracts/dashboard-registry';
import * as reports from '../../shared/contracts/reports';
import { call } from '../helpers/api';
import { type AssignmentWorld, buildAssignmentWorld } from '../helpers/assignment-world';
import { registerDashboard } from '../helpers/dashboard-registry';
import { tableAccess } from '../helpers/db';
import { invokeInProcess } from '../helpers/in-process';
import { readBody } from '../helpers/raw-http';

/**
 * Embeddings a firm could widen, as a firm's admin would try it: the report form names a dashboard, a QuickSight user, session
 * tags and a Power BI workspace/report, and the shared credentials embed whatever it names. Neither tool has a local
 * server, so the viewer's handler runs in this process (invokeInProcess) with QuickSight's client mocked and Power BI
 * stubbed on 127.0.0.1: what is checked is the request the server would send for the firm's own client.
 */
const quickSight = mockClient(QuickSightClient);
const ssm = mockClient(SSMClient);
let w: AssignmentWorld;
let server: Server;
let powerBiBase = '';
let powerBiSeen: Array<{ path: string; body: string }> = [];

const QUICKSIGHT_ENV = {
  QUICKSIGHT_ACCOUNT_ID: '111122223333',
  QUICKSIGHT_REGION: 'us-east-1',
  QUICKSIGHT_NAMESPACE: 'clientes',
};

beforeAll(async () => {
  w = await buildAssignmentWorld();
  server = createServer(async (request, response) => {
    const body = await readBody(request);
    const path = request.url ?? '';
    powerBiSeen.push({ path, body });
    response.setHeader('content-type', 'application/json');
    if (path.endsWith('/oauth2/v2.0/token')) return response.end(JSON.stringify({ access_token: 'entra' }));
    if (path.startsWith('/v1.0/myorg/groups/')) {
      return response.end(JSON.stringify({ datasetId: 'ds', embedUrl: 'https://app.powerbi.com/reportEmbed' }));
    }
    if (path === '/v1.0/myorg/GenerateToken') return response.end(JSON.stringify({ token: 'embed-token' }));
    response.statusCode = 404;
    response.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  powerBiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 180_000);

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const EMBED_ENV = [
  ...Object.keys(QUICKSIGHT_ENV),
  'QUICKSIGHT_MODE',
  'POWERBI_MODE',
  'POWERBI_TENANT_ID',
  'POWERBI_CLIENT_ID',
  'POWERBI_SECRET_PARAMETER',
  'POWERBI_AUTHORITY_URL',
  'POWERBI_API_URL',
];
afterEach(() => {
  for (const name of EMBED_ENV) delete process.env[name];
  quickSight.reset();
  ssm.reset();
  powerBiSeen = [];
});

function withQuickSight(mode: 'ANONYMOUS' | 'REGISTERED' = 'ANONYMOUS') {
  Object.assign(process.env, QUICKSIGHT_ENV, { QUICKSIGHT_MODE: mode });
  quickSight.on(GenerateEmbedUrlForAnonymousUserCommand).resolves({ EmbedUrl: 'https://qs.example/anonymous' });
  quickSight.on(GenerateEmbedUrlForRegisteredUserCommand).resolves({ EmbedUrl: 'https://qs.example/registered' });
}

function withPowerBi() {
  Object.assign(process.env, {
    POWERBI_MODE: 'SERVICE_PRINCIPAL',
    POWERBI_TENANT_ID: 'tenant',
    POWERBI_CLIENT_ID: 'client',
    POWERBI_SECRET_PARAMETER: '/portal/powerbi',
    POWERBI_AUTHORITY_URL: powerBiBase,
    POWERBI_API_URL: powerBiBase,
  });
  ssm.on(GetParameterCommand).resolves({ Parameter: { Value: 'secret' } });
}

const base = () => ({
  report_name: `Ataque ${Math.random().toString(36).slice(2, 8)}`,
  menu_name: 'Ataque',
  description: 'Intento de ampliar el tablero',
  enable_user_society: true,
  module: w.reportModule,
  project_list: [w.P],
});

/** The firm's own client opens the report in the viewer (in this process, so the embedding request can be seen). */
const openAsClient = (id: string) =>
  invokeInProcess(reports.getReport, { token: w.people.userSociety.token, params: { id } });

/** Every dashboard id, user and tag the QuickSight requests named. */
function quickSightRequests() {
  const anonymous = quickSight.commandCalls(GenerateEmbedUrlForAnonymousUserCommand).map((c) => c.args[0].input);
  const registered = quickSight.commandCalls(GenerateEmbedUrlForRegisteredUserCommand).map((c) => c.args[0].input);
  return {
    dashboards: [...anonymous, ...registered].map((r) => r.ExperienceConfiguration?.Dashboard?.InitialDashboardId),
    resources: anonymous.flatMap((r) => r.AuthorizedResourceArns ?? []),
    users: registered.map((r) => r.UserArn),
    tags: anonymous.flatMap((r) => r.SessionTags ?? []),
  };
}

describe("finding 7: a firm's admin cannot widen what the shared BI credentials embed", () => {
  test("another firm's QuickSight dashboard id typed into the form is refused, and never reaches QuickSight", async () => {
    withQuickSight();
    const created = await call(reports.createReport, {
      token: w.people.projectAdmin.token,
      body: { ...base(), tool_type: 'QUICKSIGHT', aws_id_dashboard: 'otra-firma-ventas' },
    });
    expect(created.status).toBe(400);
    expect(created.body.errors).toEqual({ aws_id_dashboard: ['NOT_REGISTERED'] });
    if (created.status === 201) await openAsClient(created.body.uuid);
    expect(quickSightRequests().dashboards).not.toContain('otra-firma-ventas');
    expect(quickSightRequests().resources.join()).not.toContain('otra-firma-ventas');
  });

  test('a QuickSight user name (an admin of the account) cannot be set by a firm, nor reach QuickSight', async () => {
    withQuickSight('REGISTERED');
    const created = await call(reports.createReport, {
      token: w.people.projectAdmin.token,
      body: { ...base(), tool_type: 'QUICKSIGHT', aws_id_dashboard: 'tablero', aws_username: 'admin' },
    });
    expect(created.status).toBe(400);
    expect(created.body.errors).toMatchObject({ aws_username: ['QUICKSIGHT_USER_NOT_ALLOWED'] });
    if (created.status === 201) await openAsClient(created.body.uuid);
    expect(quickSightRequests().users.join()).not.toContain('/admin');
  });

  test('parameters named like the row-level security tags are refused', async () => {
    for (const names of [
      { project_parameter_name: 'society' },
      { user_parameter_name: 'Project' },
      { parameter_list: [{ parameter_name: 'SOCIETY', parameter_content: '*', project: w.P }] },
    ]) {
      const created = await call(reports.createReport, {
        token: w.people.projectAdmin.token,
        body: { ...base(), tool_type: 'BUILT_IN', builtin_dashboard: 'PORTAL_ACTIVITY', ...names },
      });
      expect([created.status, created.body.code], JSON.stringify(names)).toEqual([400, 'RESERVED_PARAMETER']);
    }
  });

  test("another firm's Power BI workspace and report in the URL are refused, and never reach GenerateToken", async () => {
    withPowerBi();
    const url = 'https://app.powerbi.com/reportEmbed?reportId=otro-reporte&groupId=otro-espacio';
    const created = await call(reports.createReport, {
      token: w.people.projectAdmin.token,
      body: { ...base(), tool_type: 'POWER_BI', url },
    });
    expect(created.status).toBe(400);
    expect(created.body.errors).toEqual({ url: ['NOT_REGISTERED'] });
    if (created.status === 201) await openAsClient(created.body.uuid);
    expect(powerBiSeen.map((s) => `${s.path} ${s.body}`).join('\n')).not.toMatch(/otro-reporte|otro-espacio/);
  });
});

const NOT_REGISTERED = {
  kind: 'NOT_CONFIGURED',
  message:
    'Sin tablero registrado: este reporte no tiene un tablero registrado para tu proyecto. Pide a tu administrador que elija uno.',
};

describe('Embeddings come from the registry, bound to the projects the SUPER_ADMIN chose', () => {
  test("a firm picks its project's dashboards only; the request names exactly that one and its client's scope", async () => {
    const ours = await registerDashboard(w.superAdmin, 'QUICKSIGHT', [w.P]);
    const theirs = await registerDashboard(w.superAdmin, 'QUICKSIGHT', [w.Q]);
    const choices = await call(registry.listRegistryChoices, { token: w.people.projectAdmin.token });
    expect(choices.status).toBe(200);
    const offered = choices.body.map((c) => c.uuid);
    expect(offered).toContain(ours.uuid);
    expect(offered).not.toContain(theirs.uuid);
    // The choices never tell a firm which other projects share an entry.
    expect(Object.keys(choices.body[0] ?? {})).not.toContain('project_list');

    const refused = await call(reports.createReport, {
      token: w.people.projectAdmin.token,
      body: { ...base(), tool_type: 'QUICKSIGHT', aws_id_dashboard: theirs.aws_id_dashboard },
    });
    expect([refused.status, refused.body.errors]).toEqual([400, { aws_id_dashboard: ['NOT_REGISTERED'] }]);

    const created = await call(reports.createReport, {
      token: w.people.projectAdmin.token,
      body: { ...base(), tool_type: 'QUICKSIGHT', aws_id_dashboard: ours.aws_id_dashboard },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ aws_id_dashboard: ours.aws_id_dashboard, registry_entry: ours.uuid });

    withQuickSight();
    const opened = await openAsClient(created.body.uuid);
    expect(opened.body.embed).toMatchObject({ kind: 'QUICKSIGHT', url: 'https://qs.example/anonymous' });
    const seen = quickSightRequests();
    expect(seen.dashboards).toEqual([ours.aws_id_dashboard]);
    expect(seen.users).toEqual([]);
    expect(seen.tags.filter((t) => ['project', 'society', 'role'].includes(t.Key ?? ''))).toEqual([
      { Key: 'project', Value: w.P },
      { Key: 'society', Value: w.S1a },
      { Key: 'role', Value: 'USER_SOCIETY' },
    ]);
  });

  test("a report reaching another project needs the entry bound there too; unbinding ends the firm's embedding", async () => {
    const entry = await registerDashboard(w.superAdmin, 'POWER_BI', [w.P]);
    const wide = await call(reports.createReport, {
      token: w.superAdmin,
      body: { ...base(), project_list: [w.P, w.Q], tool_type: 'POWER_BI', url: entry.url },
    });
    expect([wide.status, wide.body.errors]).toEqual([400, { url: ['NOT_REGISTERED'] }]);
    const created = await call(reports.createReport, {
      token: w.people.projectAdmin.token,
      body: { ...base(), tool_type: 'POWER_BI', url: entry.url },
    });
    expect(created.status).toBe(201);
    // Widening the report later is re-checked against the entry's projects.
    const widened = await call(reports.patchReport, {
      token: w.superAdmin,
      params: { uuid: created.body.uuid },
      body: { project_list: [w.P, w.Q] },
    });
    expect([widened.status, widened.body.errors]).toEqual([400, { url: ['NOT_REGISTERED'] }]);

    withPowerBi();
    expect((await openAsClient(created.body.uuid)).body.embed).toMatchObject({ kind: 'POWER_BI' });
    const ids = new URL(entry.url as string).searchParams;
    const generate = powerBiSeen.find((r) => r.path === '/v1.0/myorg/GenerateToken');
    expect(JSON.parse(generate?.body ?? '{}')).toMatchObject({
      reports: [{ id: ids.get('reportId') }],
      targetWorkspaces: [{ id: ids.get('groupId') }],
    });

    const unbound = await call(registry.patchRegistryEntry, {
      token: w.superAdmin,
      params: { uuid: entry.uuid },
      body: { project_list: [w.Q] },
    });
    expect(unbound.status).toBe(200);
    powerBiSeen = [];
    expect((await openAsClient(created.body.uuid)).body.embed).toEqual(NOT_REGISTERED);
    expect(powerBiSeen).toEqual([]);
  });

  test("a report saved before the registry shows 'sin tablero registrado' and still takes other edits", async () => {
    const entry = await registerDashboard(w.superAdmin, 'QUICKSIGHT', [w.P]);
    const created = await call(reports.createReport, {
      token: w.people.projectAdmin.token,
      body: { ...base(), tool_type: 'QUICKSIGHT', aws_id_dashboard: entry.aws_id_dashboard },
    });
    // As written before: a free-typed id and user, no registry entry.
    const { dynamo, lib, tableName } = await tableAccess();
    await dynamo.send(
      new lib.UpdateCommand({
        TableName: tableName,
        Key: { pk: `REPORT#${created.body.uuid}`, sk: 'REPORT' },
        UpdateExpression: 'SET aws_id_dashboard = :typed, aws_username = :user REMOVE registry_entry',
        ExpressionAttributeValues: { ':typed': 'otra-firma-ventas', ':user': 'admin' },
      }),
    );
    withQuickSight();
    expect((await openAsClient(created.body.uuid)).body.embed).toEqual(NOT_REGISTERED);
    expect(quickSight.calls()).toHaveLength(0);
    const renamed = await call(reports.patchReport, {
      token: w.people.projectAdmin.token,
      params: { uuid: created.body.uuid },
      body: { menu_name: 'Renombrado' },
    });
    expect([renamed.status, renamed.body.registry_entry, renamed.body.aws_username]).toEqual([200, null, null]);
    // Picking a registered dashboard brings it back.
    const picked = await call(reports.patchReport, {
      token: w.people.projectAdmin.token,
      params: { uuid: created.body.uuid },
      body: { aws_id_dashboard: entry.aws_id_dashboard },
    });
    expect(picked.body.registry_entry).toBe(entry.uuid);
    expect((await openAsClient(created.body.uuid)).body.embed).toMatchObject({ kind: 'QUICKSIGHT' });
    expect(quickSightRequests().dashboards).toEqual([entry.aws_id_dashboard]);
  });

  test("the registry is the SUPER_ADMIN's: firms can neither write it nor read another project's choices", async () => {
    const attempt = await call(registry.createRegistryEntry, {
      token: w.people.projectAdmin.token,
      body: { tool_type: 'QUICKSIGHT', name: 'Mío', aws_id_dashboard: 'otra-firma-ventas', project_list: [w.P] },
    });
    expect(attempt.status).toBe(403);
    const foreign = await call(registry.listRegistryChoices, {
      token: w.people.otherProjectAdmin.token,
      query: { project: w.P },
    });
    expect(foreign.status).toBe(404);
    const entry = await registerDashboard(w.superAdmin, 'QUICKSIGHT', [w.P]);
    const twice = await call(registry.createRegistryEntry, {
      token: w.superAdmin,
      body: { tool_type: 'QUICKSIGHT', name: 'Otra vez', aws_id_dashboard: entry.aws_id_dashboard as string },
    });
    expect([twice.status, twice.body.errors]).toEqual([400, { aws_id_dashboard: ['DASHBOARD_EXISTS'] }]);
    const listed = await call(registry.listRegistryEntries, { token: w.superAdmin });
    const mine = listed.body.find((e) => e.uuid === entry.uuid);
    expect(mine?.project_list.map((p) => p.uuid)).toEqual([w.P]);
    expect(mine?.project_list[0]?.name).toMatch(/^Reportes /);
    const removed = await call(registry.deleteRegistryEntry, { token: w.superAdmin, params: { uuid: entry.uuid } });
    expect(removed.status).toBe(200);
    const after = await call(registry.listRegistryChoices, { token: w.people.projectAdmin.token });
    expect(after.body.map((c) => c.uuid)).not.toContain(entry.uuid);
  });
});
