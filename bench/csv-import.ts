import { randomUUID } from 'node:crypto';
import { startPortal } from '../local/portal';
import { superAdminToken } from './harness';

export const title = 'CSV import of 1,000 rows (each an invitation with its mail) against the 29 s API timeout';

const ROWS = Number(process.env.BENCH_CSV_ROWS ?? 1000);

/** Imports one file of ROWS valid rows through the API, as a SUPER_ADMIN, and prints the time and the outcome. */
export async function run(): Promise<void> {
  process.env.POWERTOOLS_LOG_LEVEL = 'ERROR';
  const portal = await startPortal({ mode: 'test', web: false });
  try {
    const access = await superAdminToken(portal.apiUrl);
    const tag = randomUUID().slice(0, 6);
    const lines = ['email,first_name,last_name,rut_user,user_role,project,group,society'];
    for (let i = 0; i < ROWS; i++) {
      // A society's RUT is looked up in its firm, so its row names the firm (project) too.
      const role =
        i % 2 === 0 ? 'USER_GROUP,Contadores Andes,Grupo Norte,' : 'USER_SOCIETY,Contadores Andes,,76123456-0';
      lines.push(`carga-${tag}-${i}@prueba.cl,Nombre,Apellido,,${role}`);
    }
    const form = new FormData();
    form.append('file_csv', new Blob([lines.join('\n')], { type: 'text/csv' }), 'usuarios.csv');
    const started = performance.now();
    const response = await fetch(`${portal.apiUrl}/api/v1/register/load-register/csv/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access}` },
      body: form,
    });
    const seconds = (performance.now() - started) / 1000;
    const report = (await response.json()) as { created: number; failed: number };
    console.log(`rows ${ROWS}: HTTP ${response.status}, created ${report.created}, failed ${report.failed}`);
    console.log(`took ${seconds.toFixed(1)} s (${((seconds * 1000) / ROWS).toFixed(1)} ms a row; API timeout 29 s)`);
    // Every row is valid: a failed one means the bench no longer measures what it says.
    if (response.status !== 200 || report.created !== ROWS) process.exitCode = 1;
  } finally {
    await portal.stop();
  }
}
