import { createHash } from 'node:crypto';
import { suppressAddress } from '../lib/data/suppression';
import { logger } from '../lib/logger';

/**
 * SES's events: an address that bounced for good (a Permanent bounce) or complained is put on the suppression list
 * (functions/lib/data/suppression.ts), which sendMail checks before every send. A transient bounce (a full mailbox, an
 * auto-reply) suppresses nothing. Every event (deliveries, delays and rejects too) is logged once, its recipients as
 * their domain and a hash, never the address (the `ses_event` field feeds the SES event metrics, constructs/ses-events.ts).
 * No API contract: SES publishes through the configuration set's event destination to an SNS topic this function is
 * subscribed to; it also reads an EventBridge event and the bare event, and both SES shapes: event publishing
 * (`eventType`) and identity notifications (`notificationType`).
 */
interface SesEvent {
  eventType?: string;
  notificationType?: string;
  bounce?: { bounceType?: string; bounceSubType?: string; timestamp?: string; bouncedRecipients?: Recipient[] };
  complaint?: { complaintFeedbackType?: string; timestamp?: string; complainedRecipients?: Recipient[] };
  mail?: { timestamp?: string; messageId?: string; destination?: string[] };
  reject?: { reason?: string };
  deliveryDelay?: { delayType?: string; delayedRecipients?: Recipient[] };
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

/**
 * An address as a log may show it: its domain (which firm's clients, which provider) and the first 16 hex digits of
 * the SHA-256 of its lower-cased form, which support can compute from an address they are asked about.
 */
export function loggableAddress(email: string): { domain: string; hash: string } {
  const address = email.trim().toLowerCase();
  return {
    domain: address.slice(address.lastIndexOf('@') + 1),
    hash: createHash('sha256').update(address).digest('hex').slice(0, 16),
  };
}

/** What one event's log line says: its kind, SES's reason words, the message id, the recipients made loggable. */
export function eventSummary(event: SesEvent) {
  const kind = event.eventType ?? event.notificationType ?? 'Unknown';
  const recipients =
    event.bounce?.bouncedRecipients?.map((r) => r.emailAddress) ??
    event.complaint?.complainedRecipients?.map((r) => r.emailAddress) ??
    event.deliveryDelay?.delayedRecipients?.map((r) => r.emailAddress) ??
    event.mail?.destination ??
    [];
  return {
    ses_event: kind,
    ...(event.bounce && { bounce_type: event.bounce.bounceType, bounce_subtype: event.bounce.bounceSubType }),
    ...(event.complaint && { complaint_type: event.complaint.complaintFeedbackType }),
    ...(event.reject && { reject_reason: event.reject.reason }),
    ...(event.deliveryDelay && { delay_type: event.deliveryDelay.delayType }),
    message_id: event.mail?.messageId,
    recipients: recipients
      .filter((e): e is string => typeof e === 'string' && e.includes('@'))
      .map((e) => loggableAddress(e)),
  };
}

export async function handler(input: unknown): Promise<{ suppressed: number }> {
  let suppressed = 0;
  for (const event of sesEventsOf(input)) {
    const summary = eventSummary(event);
    if (summary.ses_event === 'Delivery') logger.info('SES event', summary);
    else logger.warn('SES event', summary);
    for (const record of suppressionsOf(event)) {
      await suppressAddress(record);
      suppressed += 1;
    }
  }
  if (suppressed > 0) logger.info('Addresses suppressed after SES events', { suppressed });
  return { suppressed };
}
