import { suppressAddress } from '../lib/data/suppression';
import { logger } from '../lib/logger';

/**
 * SES's bounce and complaint events: an address that bounced for good (a Permanent bounce) or complained is
 * put on the suppression list (functions/lib/data/suppression.ts), which sendMail checks before every send. A
 * transient bounce (a full mailbox, an auto-reply) suppresses nothing. No API contract: SES calls it through the
 * configuration set's event destination, which the operations work wires (SNS or EventBridge); it reads both
 * envelopes and the bare event, and both SES shapes: event publishing (`eventType`) and identity notifications
 * (`notificationType`).
 */
interface SesEvent {
  eventType?: string;
  notificationType?: string;
  bounce?: { bounceType?: string; bounceSubType?: string; timestamp?: string; bouncedRecipients?: Recipient[] };
  complaint?: { complaintFeedbackType?: string; timestamp?: string; complainedRecipients?: Recipient[] };
  mail?: { timestamp?: string };
}
interface Recipient {
  emailAddress?: string;
}

/** The SES events an invocation carries: SNS records, an EventBridge event's detail, or the event itself. */
export function sesEventsOf(input: unknown): SesEvent[] {
  const value = input as { Records?: Array<{ Sns?: { Message?: string } }>; detail?: unknown };
  if (Array.isArray(value?.Records)) {
    return value.Records.flatMap((record) => {
      try {
        return record.Sns?.Message ? [JSON.parse(record.Sns.Message) as SesEvent] : [];
      } catch {
        return [];
      }
    });
  }
  if (value && typeof value === 'object' && 'detail' in value) return [value.detail as SesEvent];
  return value && typeof value === 'object' ? [value as SesEvent] : [];
}

/** What an event asks to suppress: each address with its reason, detail and SES's time. */
export function suppressionsOf(event: SesEvent) {
  const kind = event.eventType ?? event.notificationType;
  const addresses = (recipients: Recipient[] | undefined) =>
    (recipients ?? []).map((r) => r.emailAddress).filter((e): e is string => typeof e === 'string' && e.includes('@'));
  if (kind === 'Bounce' && event.bounce?.bounceType === 'Permanent') {
    const detail = `${event.bounce.bounceType}/${event.bounce.bounceSubType ?? 'General'}`;
    const reported_at = event.bounce.timestamp ?? event.mail?.timestamp ?? '';
    return addresses(event.bounce.bouncedRecipients).map((email) => ({
      email,
      reason: 'BOUNCE' as const,
      detail,
      reported_at,
    }));
  }
  if (kind === 'Complaint' && event.complaint) {
    const detail = event.complaint.complaintFeedbackType ?? 'complaint';
    const reported_at = event.complaint.timestamp ?? event.mail?.timestamp ?? '';
    return addresses(event.complaint.complainedRecipients).map((email) => ({
      email,
      reason: 'COMPLAINT' as const,
      detail,
      reported_at,
    }));
  }
  return [];
}

export async function handler(input: unknown): Promise<{ suppressed: number }> {
  let suppressed = 0;
  for (const event of sesEventsOf(input)) {
    for (const record of suppressionsOf(event)) {
      await suppressAddress(record);
      suppressed += 1;
    }
  }
  if (suppressed > 0) logger.info('Addresses suppressed after SES events', { suppressed });
  return { suppressed };
}
