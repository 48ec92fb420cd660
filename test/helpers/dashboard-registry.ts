import { randomUUID } from 'node:crypto';
import * as registry from '../../shared/contracts/dashboard-registry';
import { call } from './api';

/**
 * A dashboard registered by the SUPER_ADMIN for some projects, with an id or URL of its own so parallel
 * tests never meet: QuickSight an id, Power BI a report URL with its own report and workspace ids.
 */
export async function registerDashboard(superAdmin: string, tool: 'QUICKSIGHT' | 'POWER_BI', projects: string[]) {
  const id = randomUUID();
  const identity =
    tool === 'QUICKSIGHT'
      ? { aws_id_dashboard: `tablero-${id}` }
      : { url: `https://app.powerbi.com/reportEmbed?reportId=${id}&groupId=${randomUUID()}` };
  const answer = await call(registry.createRegistryEntry, {
    token: superAdmin,
    body: { tool_type: tool, name: `Tablero ${id.slice(0, 6)}`, ...identity, project_list: projects },
  });
  if (answer.status !== 201) throw new Error(`register: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}
