import { postContactEmail } from '../../shared/contracts/external';
import { config } from '../lib/config';
import { countHit } from '../lib/data/throttle';
import { sendMail } from '../lib/email';
import { clientIp } from '../lib/http/client-ip';
import { httpHandler } from '../lib/http/http-handler';
import { contactMail } from './mails';

/**
 * POST api/v1/external/contact/email/ (public, portal spec §7): the landing's contact message, mailed by SES to the
 * firm's contact address. Each address may send a few per hour (429 TOO_MANY_ATTEMPTS after), counted before the mail.
 */
export const handler = httpHandler(postContactEmail, async ({ body, event }) => {
  await countHit('IP_CONTACT', clientIp(event));
  const { subject, html, text } = contactMail(body);
  // The firm answers the visitor by replying to the mail.
  await sendMail(config.contactEmail, subject, { html, text }, { replyTo: body.email });
  return { detail: 'EMAIL_SENT' as const };
});
