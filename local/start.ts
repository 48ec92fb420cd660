import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_TOTP_SECRET } from './demo-accounts';
import { DEMO_MICROSOFT_PEOPLE } from './microsoft-stand-in';
import { startPortal } from './portal';
import { ensurePrerequisites, JDK, runtimeMismatch } from './prerequisites';
import { ServiceStartError } from './processes';

/** `npm start`: the whole portal on http://localhost:5173 with demo data. Ctrl-C stops everything it started. */
async function main() {
  const started = Date.now();
  const mismatch = runtimeMismatch();
  if (mismatch) console.warn(mismatch);
  const missing = ensurePrerequisites([JDK]);
  if (missing) {
    console.error(
      `\nThe portal cannot start on this machine yet. Install what it needs (as root), then run npm start again:`,
    );
    console.error(`\n  ${missing}\n`);
    process.exit(1);
  }
  const portal = await startPortal({ mode: 'dev' });
  const sweeper = await startSweeper();
  const digest = await startDigest();
  const notices = await startMessageNotice();
  const requestJobs = await startRequestJobs();
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping the portal and its local services...');
    clearInterval(sweeper);
    clearInterval(digest);
    clearInterval(notices);
    clearInterval(requestJobs);
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
  Entra ID (local) ${portal.env.LOCAL_MICROSOFT_STAND_IN}/<tenant>/v2.0   (oidc-provider: two demo tenants, personal accounts, common)

  Demo accounts, password ${DEMO_PASSWORD}:
${rows}
  superadmin@demo.cl then asks for a code (the SUPER_ADMIN always has a second factor): add the key
  ${DEMO_TOTP_SECRET} to an authenticator app, or run \`npm run demo:code\`.

  'Ingresar con Microsoft' on Contadores Andes (any password on the stand-in's page):
    ${DEMO_MICROSOFT_PEOPLE.invited.padEnd(24)} invited: lands signed in (its registration completes)
    ${DEMO_MICROSOFT_PEOPLE.unknown.padEnd(24)} not invited: refused

  Data is kept under .local/ (npm run reset wipes it). Logs: .local/logs/. Ctrl-C stops everything.
  Type "digest" and Enter to mail the document digests of today's uploads now (see the mail viewer).
  Type "avisos" and Enter to mail this hour's notices of unread messages now.
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

/**
 * The daily document digest (functions/documents/document-digest.ts), as EventBridge Scheduler runs it in AWS, under its
 * own grant: hourly (it mails only days not yet done, so hourly is daily), and on demand: "digest" typed on the
 * terminal runs it as of tomorrow, so today's uploads are mailed now.
 */
async function startDigest(): Promise<ReturnType<typeof setInterval>> {
  const [{ sendDocumentDigests }, { runAsJob }, { DIGEST_PERMISSIONS }, { nowMs }] = await Promise.all([
    import('../functions/documents/document-digest'),
    import('./iam-emulation'),
    import('../infra/permissions'),
    import('../functions/lib/clock'),
  ]);
  const run = (now?: number) =>
    runAsJob('sendDocumentDigests', DIGEST_PERMISSIONS, () => sendDocumentDigests({ now }))
      .then((outcome) => {
        if (now !== undefined) console.log('Document digests:', JSON.stringify(outcome));
      })
      .catch((error) => console.error('Document digests:', error instanceof Error ? error.message : error));
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (line: string) => {
    if (line.trim() === 'digest') void run(nowMs() + 86_400_000);
  });
  void run();
  return setInterval(() => void run(), 60 * 60_000);
}

/**
 * The hourly notice of new messages (functions/messages/message-notice.ts), as EventBridge Scheduler runs it in AWS,
 * under its own grant, every hour; "avisos" typed on the terminal runs it as of the next hour, so this hour's unread
 * messages are mailed now.
 */
async function startMessageNotice(): Promise<ReturnType<typeof setInterval>> {
  const [{ sendMessageNotices }, { runAsJob }, { MESSAGE_NOTICE_PERMISSIONS }, { nowMs }] = await Promise.all([
    import('../functions/messages/message-notice'),
    import('./iam-emulation'),
    import('../infra/permissions'),
    import('../functions/lib/clock'),
  ]);
  const run = (now?: number) =>
    runAsJob('sendMessageNotices', MESSAGE_NOTICE_PERMISSIONS, () => sendMessageNotices({ now }))
      .then((outcome) => {
        if (now !== undefined) console.log('Message notices:', JSON.stringify(outcome));
      })
      .catch((error) => console.error('Message notices:', error instanceof Error ? error.message : error));
  process.stdin.on('data', (line: string) => {
    if (line.trim() === 'avisos') void run(nowMs() + 3_600_000);
  });
  void run();
  return setInterval(() => void run(), 60 * 60_000);
}

/**
 * The document requests' daily jobs (functions/requests/), as EventBridge Scheduler runs them in AWS, under their own
 * grants: hourly (a period is made once and a reminder day is done once, so hourly is daily), recurring requests first.
 */
async function startRequestJobs(): Promise<ReturnType<typeof setInterval>> {
  const [recurring, reminders, { runAsJob }, permissions] = await Promise.all([
    import('../functions/requests/generate-recurring-requests'),
    import('../functions/requests/send-request-reminders'),
    import('./iam-emulation'),
    import('../infra/permissions'),
  ]);
  const run = () =>
    runAsJob('generateRecurringRequests', permissions.RECURRING_REQUESTS_PERMISSIONS, () =>
      recurring.generateRecurringRequests(),
    )
      .then(() =>
        runAsJob('sendRequestReminders', permissions.REQUEST_REMINDERS_PERMISSIONS, () =>
          reminders.sendRequestReminders(),
        ),
      )
      .catch((error) => console.error('Request jobs:', error instanceof Error ? error.message : error));
  void run();
  return setInterval(() => void run(), 60 * 60_000);
}

main().catch((error) => {
  if (error instanceof ServiceStartError) {
    console.error(`\nCould not start the portal. ${error.message}\n`);
  } else {
    console.error('\nCould not start the portal:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
