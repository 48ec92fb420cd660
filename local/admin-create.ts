/**
 * The portal's first SUPER_ADMIN, by command (docs/deploy.md, "First administrator"): an invitation mailed to the
 * address, whose link makes the account as every other registration does. Refused while a SUPER_ADMIN or an
 * invitation for one exists; `--another` adds a further one on purpose, `--resend` mails a new link of the address's
 * pending invitation. Idempotent: a second run refuses.
 *
 *   Deployed (the shell's AWS credentials, profile and SSO included; the values are the stacks' outputs):
 *     TABLE_NAME=<table> MAIL_FROM=<sender> PORTAL_URL=<https://portal> AWS_REGION=<region> \
 *       npm run admin:create -- --email ana@firma.cl
 *   Local (the `npm start` stack; the mail shows in its mail viewer):
 *     npm run admin:create -- --local --email ana@firma.cl
 */
import { parseArgs } from 'node:util';
import { invitationBodySchema } from '../shared/contracts/registration';
import { functionEnvironment, LOCAL_NAMES } from './bootstrap';
import { DEFAULT_PORTS, serviceUrls } from './services';
import { signAsShell } from './shell-credentials';

const USAGE = 'Usage: npm run admin:create -- --email <address> [--another | --resend] [--local]';

const REFUSALS = {
  ADMIN_EXISTS: 'the portal already has a SUPER_ADMIN (pass --another to add one more on purpose)',
  ADMIN_INVITED: 'a SUPER_ADMIN is already invited (pass --resend with that address to mail its link again)',
  NOT_INVITED: 'no pending SUPER_ADMIN invitation for that address; those pending are',
} as const;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      another: { type: 'boolean' },
      resend: { type: 'boolean' },
      local: { type: 'boolean' },
    },
  });
  const parsed = invitationBodySchema.safeParse({ email: values.email, user_role: 'SUPER_ADMIN' });
  if (!parsed.success) {
    console.error(`A valid --email is required.\n${USAGE}`);
    return 2;
  }
  if (values.local) {
    Object.assign(
      process.env,
      functionEnvironment(
        { urls: serviceUrls(DEFAULT_PORTS) },
        { userPoolId: '', userPoolClientId: '' },
        'http://localhost:5173',
      ),
    );
  } else {
    const missing = ['TABLE_NAME', 'MAIL_FROM', 'PORTAL_URL', 'AWS_REGION'].filter((name) => !process.env[name]);
    if (missing.length > 0) {
      console.error(`Set ${missing.join(', ')} (the deployed stacks' outputs), or pass --local.\n${USAGE}`);
      return 2;
    }
    signAsShell();
  }
  // After the environment: the functions' modules read it as they load.
  const { inviteFirstAdmin } = await import('../functions/registration/first-admin');
  const outcome = await inviteFirstAdmin(parsed.data.email, { another: values.another, resend: values.resend });
  if (!outcome.done) {
    const table = process.env.TABLE_NAME ?? LOCAL_NAMES.table;
    console.error(`Refused (table ${table}): ${REFUSALS[outcome.reason]}: ${outcome.emails.join(', ') || 'none'}.`);
    return 1;
  }
  const { invitation } = outcome;
  console.log(
    invitation.status === 'PENDING'
      ? `Invitation ${invitation.uuid} ${outcome.done === 'RESENT' ? 'mailed again' : 'mailed'} to ${invitation.email}: its link creates the SUPER_ADMIN.`
      : `Invitation ${invitation.uuid} for ${invitation.email} is kept, but its mail was not sent (${invitation.status}). ` +
          'Check the SES identity and sandbox (docs/deploy.md), then run again with --resend.',
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
