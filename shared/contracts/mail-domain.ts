import * as z from 'zod/mini';

/**
 * A firm's own mail domain as the project's domain screen shows it (functions/lib/mail-identity.ts FirmMailDomainView):
 * the DKIM records the firm creates, SES's status, and the address its mails come from now. Not a contract of its own:
 * the project endpoints that provision the firm's domain answer it beside the edge's records.
 */
export const mailDomainStatus = z.enum(['PENDING', 'VERIFIED', 'FAILED', 'TEMPORARY_FAILURE']);

export const mailDomainView = z.object({
  domain: z.string(),
  status: mailDomainStatus,
  dns_records: z.array(z.object({ name: z.string(), type: z.literal('CNAME'), value: z.string() })),
  checked: z.string(),
  /** The From address of the firm's mails now: its own domain once verified, else the portal's sender (or null). */
  sender: z.nullable(z.string()),
});

export type MailDomainView = z.infer<typeof mailDomainView>;
