import type { Caller } from '../functions/lib/auth/caller';
import { dynamo } from '../functions/lib/aws/dynamo';
import { GetCommand, PutCommand } from '../functions/lib/aws/dynamo-commands';
import { config } from '../functions/lib/config';
import { registryEntryFor } from '../functions/lib/data/dashboard-registry';
import { nowIso } from '../functions/lib/data/table';
import { createAccountingAssignment } from '../functions/modules/accounting-assignments';
import { createModule } from '../functions/modules/modules';
import { createRegistry } from '../functions/reports/registry';
import { createReport } from '../functions/reports/reports';
import type { ACCOUNTING_TYPES } from '../shared/contracts/accounting-assignments';
import type { DemoData } from './seed';

/**
 * Demo modules, reports and accounting assignments, through the same domain functions as the
 * API: built-in dashboards for every demo project (what the local stack can really show), one QuickSight and one
 * Power BI report (they say the tool is not configured here), and one assignment per statement for every demo role.
 * Runs once; its own marker lets a portal seeded before these existed receive them.
 */
const MARKER = { pk: 'SEED#REPORTS', sk: 'SEED' };

const ALL_ROLES = {
  enable_project_admin: true,
  enable_group_admin: true,
  enable_user_group: true,
  enable_user_society: true,
};

const STATEMENTS: Array<[(typeof ACCOUNTING_TYPES)[number], string, string]> = [
  ['BALANCE_8_COLUMNS', 'Balance 8 columnas', 'Balance tributario de ocho columnas'],
  ['FINANCIAL_SITUATION', 'Situación financiera', 'Estado de situación financiera'],
  ['STATUS_RESULTS', 'Estado de resultados', 'Estado de resultados por función'],
  ['CASH_FLOWS', 'Flujo de efectivo', 'Estado de flujo de efectivo, método directo'],
];

export async function seedReports(demo: DemoData, seeder: Caller['user']): Promise<void> {
  const system: Caller = { user: seeder, role: 'SUPER_ADMIN' };
  await seedRegistry(demo, system);
  const { Item } = await dynamo.send(new GetCommand({ TableName: config.tableName, Key: MARKER }));
  if (!Item) await seedFirstReports(demo, system);
  await seedDataDashboards(demo, system);
}

const DEMO_DASHBOARD = 'demo-ventas';
const DEMO_POWER_BI =
  'https://app.powerbi.com/reportEmbed?reportId=00000000-0000-4000-8000-000000000001&groupId=00000000-0000-4000-8000-000000000002';

/**
 * The registry of embeddable dashboards: the demo's QuickSight dashboard and Power BI report, registered
 * by the SUPER_ADMIN for Contadores Andes, so its reports can pick them. Registered when absent, so a table seeded
 * before the registry gets them too (its two BI reports keep no entry and still say the tool is not configured here).
 */
async function seedRegistry(demo: DemoData, system: Caller): Promise<void> {
  const entries = [
    { tool_type: 'QUICKSIGHT' as const, name: 'Ventas (demo)', aws_id_dashboard: DEMO_DASHBOARD },
    { tool_type: 'POWER_BI' as const, name: 'Finanzas (demo)', url: DEMO_POWER_BI },
  ];
  for (const entry of entries) {
    const identity = entry.aws_id_dashboard ?? entry.url ?? '';
    if (await registryEntryFor(entry.tool_type, identity)) continue;
    await createRegistry(system, { ...entry, project_list: [demo.projects.andes] });
  }
}

async function seedFirstReports(demo: DemoData, system: Caller): Promise<void> {
  const management = await createModule(system, { module_name: 'Gestión', module_type: 'REPORT' });
  const economy = await createModule(system, { module_name: 'Indicadores', module_type: 'REPORT' });
  const bi = await createModule(system, { module_name: 'Herramientas BI', module_type: 'REPORT' });
  const statements = await createModule(system, { module_name: 'Estados financieros', module_type: 'ACCOUNTING' });

  for (const project of [demo.projects.andes, demo.projects.pacifico]) {
    await createReport(
      system,
      {
        report_name: 'Actividad del portal',
        menu_name: 'Actividad',
        description: 'Sociedades y usuarios del proyecto, por grupo, rol y estado.',
        tool_type: 'BUILT_IN',
        builtin_dashboard: 'PORTAL_ACTIVITY',
        ...ALL_ROLES,
        project_list: [project],
        module: management.uuid,
        project_parameter_name: 'proyecto',
      },
      [],
    );
    await createReport(
      system,
      {
        report_name: 'Indicadores económicos',
        menu_name: 'Dólar y UF',
        description: 'Evolución del dólar observado y la UF en los últimos 90 días.',
        tool_type: 'BUILT_IN',
        builtin_dashboard: 'INDICATORS',
        ...ALL_ROLES,
        project_list: [project],
        module: economy.uuid,
      },
      [],
    );
    for (const [accounting_type, menu_name, description] of STATEMENTS) {
      await createAccountingAssignment(system, {
        accounting_type,
        menu_name,
        description,
        ...ALL_ROLES,
        project_list: [project],
        module: statements.uuid,
      });
    }
  }
  await createReport(
    system,
    {
      report_name: 'Actividad Grupo Norte',
      menu_name: 'Actividad del grupo',
      description: 'Sociedades y usuarios del Grupo Norte.',
      tool_type: 'BUILT_IN',
      builtin_dashboard: 'PORTAL_ACTIVITY',
      enable_group_admin: true,
      enable_user_group: true,
      enable_user_society: true,
      group_list: [demo.groups.norte],
      module: management.uuid,
    },
    [],
  );
  await createReport(
    system,
    {
      report_name: 'Ventas (QuickSight)',
      menu_name: 'Ventas',
      description: 'Tablero de ventas en Amazon QuickSight.',
      tool_type: 'QUICKSIGHT',
      aws_id_dashboard: DEMO_DASHBOARD,
      ...ALL_ROLES,
      project_list: [demo.projects.andes],
      module: bi.uuid,
      project_parameter_name: 'proyecto',
      user_role_parameter_name: 'rol',
    },
    [],
  );
  await createReport(
    system,
    {
      report_name: 'Finanzas (Power BI)',
      menu_name: 'Finanzas',
      description: 'Tablero financiero en Power BI.',
      tool_type: 'POWER_BI',
      url: DEMO_POWER_BI,
      ...ALL_ROLES,
      project_list: [demo.projects.andes],
      module: bi.uuid,
      group_parameter_name: 'grupo',
    },
    [],
  );
  await dynamo.send(new PutCommand({ TableName: config.tableName, Item: { ...MARKER, created: nowIso() } }));
}

/**
 * The documents and accounting dashboards, under a marker of their own so a portal seeded before them
 * receives them too: documents activity for every demo project, and the accounting summary of Minera Atacama (whose
 * ledger local/seed-accounting.ts imports) for the people of its group.
 */
const DATA_MARKER = { pk: 'SEED#REPORTS#DATA_DASHBOARDS', sk: 'SEED' };

async function seedDataDashboards(demo: DemoData, system: Caller): Promise<void> {
  const { Item } = await dynamo.send(new GetCommand({ TableName: config.tableName, Key: DATA_MARKER }));
  if (Item) return;
  const panels = await createModule(system, { module_name: 'Tableros', module_type: 'REPORT' });
  for (const project of [demo.projects.andes, demo.projects.pacifico]) {
    await createReport(
      system,
      {
        report_name: 'Actividad de documentos',
        menu_name: 'Actividad de documentos',
        description: 'Documentos agregados por mes y espacio por carpeta.',
        tool_type: 'BUILT_IN',
        builtin_dashboard: 'DOCUMENTS',
        ...ALL_ROLES,
        project_list: [project],
        module: panels.uuid,
      },
      [],
    );
  }
  await createReport(
    system,
    {
      report_name: 'Resumen contable Minera Atacama',
      menu_name: 'Resumen contable',
      description: 'Ingresos, gastos y resultado de los últimos doce meses del libro mayor importado.',
      tool_type: 'BUILT_IN',
      builtin_dashboard: 'ACCOUNTING',
      ...ALL_ROLES,
      society_list: [demo.societies.minera],
      module: panels.uuid,
    },
    [],
  );
  await dynamo.send(new PutCommand({ TableName: config.tableName, Item: { ...DATA_MARKER, created: nowIso() } }));
}
