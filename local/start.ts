import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';
import { startPortal } from './portal';
import { ServiceStartError } from './processes';

/** `npm start`: the whole portal on http://localhost:5173 with demo data. Ctrl-C stops everything it started. */
async function main() {
  const started = Date.now();
  const portal = await startPortal({ mode: 'dev' });
  const sweeper = await startSweeper();
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping the portal and its local services...');
    clearInterval(sweeper);
    await portal.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  const rows = DEMO_ACCOUNTS.map((a) => `    ${a.email.padEnd(24)} ${a.role}`).join('\n');
  console.log(`
Portal ready in ${((Date.now() - started) / 1000).toFixed(1)} s

  Portal          ${portal.webUrl}            (branding: Contadores Andes)
                  ${portal.webUrl.replace('localhost', '127.0.0.1')}            (branding: Auditores del Pacífico)
  API             ${portal.webUrl}/api/v1/health/
  OpenAPI         ${portal.webUrl}/api/openapi.json
  API docs        ${portal.webUrl}/api-docs/index.html
  Mail viewer     ${portal.services.urls.ses}   (captured e-mail; GET /store lists it)
  DynamoDB Local  ${portal.services.urls.dynamodb}
  S3 (s3rver)     ${portal.services.urls.s3}
  Cognito (local) ${portal.services.urls.cognito}

  Demo accounts, password ${DEMO_PASSWORD}:
${rows}

  Data is kept under .local/ (npm run reset wipes it). Logs: .local/logs/. Ctrl-C stops everything.
`);
}

/**
 * The garbage sweeper, hourly as EventBridge Scheduler runs it in AWS, under its own grant (the local IAM emulation):
 * what an interrupted upload or delete left behind locally is cleaned up as it would be deployed.
 */
async function startSweeper(): Promise<ReturnType<typeof setInterval>> {
  const [{ sweepGarbage }, { runAsJob }, { SWEEPER_PERMISSIONS }] = await Promise.all([
    import('../functions/maintenance/sweep-garbage'),
    import('./iam-emulation'),
    import('../infra/permissions'),
  ]);
  const sweep = () =>
    runAsJob('sweepGarbage', SWEEPER_PERMISSIONS, () => sweepGarbage()).catch((error) =>
      console.error('Garbage sweeper:', error instanceof Error ? error.message : error),
    );
  return setInterval(sweep, 60 * 60_000);
}

main().catch((error) => {
  if (error instanceof ServiceStartError) {
    console.error(`\nCould not start the portal. ${error.message}\n`);
  } else {
    console.error('\nCould not start the portal:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
