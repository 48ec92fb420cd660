import { describe, expect, it, vi } from 'vitest';
import { logger } from '../lib/logger';
import { eventSummary, handler, loggableAddress, sesEventsOf, suppressionsOf } from './ses-events';

/** SES's own event shapes (event publishing and identity notifications), as SNS and EventBridge deliver them. */
const permanent = {
  eventType: 'Bounce',
  bounce: {
    bounceType: 'Permanent',
    bounceSubType: 'NoEmail',
    bouncedRecipients: [{ emailAddress: 'nadie@ejemplo.cl' }, { emailAddress: 'otro@ejemplo.cl' }],
    timestamp: '2025-05-02T12:00:01.000Z',
  },
  mail: { timestamp: '2025-05-02T12:00:00.000Z' },
};

describe('SES events', () => {
  it('reads SNS records, EventBridge events and the bare event', () => {
    expect(sesEventsOf({ Records: [{ Sns: { Message: JSON.stringify(permanent) } }] })).toEqual([permanent]);
    expect(sesEventsOf({ 'detail-type': 'Email Bounced', detail: permanent })).toEqual([permanent]);
    expect(sesEventsOf(permanent)).toEqual([permanent]);
    expect(sesEventsOf({ Records: [{ Sns: { Message: 'not json' } }] })).toEqual([]);
  });

  it('suppresses every recipient of a permanent bounce, none of a transient one', () => {
    expect(suppressionsOf(permanent)).toEqual([
      {
        email: 'nadie@ejemplo.cl',
        reason: 'BOUNCE',
        detail: 'Permanent/NoEmail',
        reported_at: '2025-05-02T12:00:01.000Z',
      },
      {
        email: 'otro@ejemplo.cl',
        reason: 'BOUNCE',
        detail: 'Permanent/NoEmail',
        reported_at: '2025-05-02T12:00:01.000Z',
      },
    ]);
    expect(suppressionsOf({ ...permanent, bounce: { ...permanent.bounce, bounceType: 'Transient' } })).toEqual([]);
  });

  it('suppresses a complaint, in the notification shape too; ignores deliveries', () => {
    const complaint = {
      notificationType: 'Complaint',
      complaint: { complainedRecipients: [{ emailAddress: 'queja@ejemplo.cl' }], complaintFeedbackType: 'abuse' },
      mail: { timestamp: '2025-05-02T12:00:00.000Z' },
    };
    expect(suppressionsOf(complaint)).toEqual([
      { email: 'queja@ejemplo.cl', reason: 'COMPLAINT', detail: 'abuse', reported_at: '2025-05-02T12:00:00.000Z' },
    ]);
    expect(suppressionsOf({ eventType: 'Delivery', mail: {} })).toEqual([]);
  });
});

/** What SNS hands the function: one record per message, SES's event as the message's JSON text. */
const snsDelivery = (event: unknown) => ({
  Records: [
    {
      EventSource: 'aws:sns',
      EventVersion: '1.0',
      EventSubscriptionArn: 'arn:aws:sns:sa-east-1:999988887777:PortalData-SesEvents:1f2e3d4c',
      Sns: {
        Type: 'Notification',
        MessageId: '95df01b4-ee98-5cb9-9903-4c221d41eb5e',
        TopicArn: 'arn:aws:sns:sa-east-1:999988887777:PortalData-SesEvents',
        Subject: null,
        Message: JSON.stringify(event),
        Timestamp: '2025-05-02T12:00:02.000Z',
        SignatureVersion: '1',
        Signature: 'EXAMPLE',
        SigningCertUrl: 'https://sns.sa-east-1.amazonaws.com/SimpleNotificationService-0000.pem',
        UnsubscribeUrl: 'https://sns.sa-east-1.amazonaws.com/?Action=Unsubscribe',
        MessageAttributes: {},
      },
    },
  ],
});

describe('SES event log lines', () => {
  const delay = {
    eventType: 'DeliveryDelay',
    mail: {
      timestamp: '2025-05-02T12:00:00.000Z',
      messageId: '0100018f-delayed',
      destination: ['Contadora@Estudio-Rojas.cl'],
    },
    deliveryDelay: {
      delayType: 'MailboxFull',
      delayedRecipients: [{ emailAddress: 'Contadora@Estudio-Rojas.cl', status: '4.2.2' }],
    },
  };

  it('name the domain and a hash of each recipient, never the address', () => {
    const [event] = sesEventsOf(snsDelivery(permanent));
    const summary = eventSummary(event as never);
    expect(summary).toMatchObject({ ses_event: 'Bounce', bounce_type: 'Permanent', bounce_subtype: 'NoEmail' });
    expect(summary.recipients).toEqual([loggableAddress('nadie@ejemplo.cl'), loggableAddress('otro@ejemplo.cl')]);
    expect(summary.recipients[0]).toEqual({ domain: 'ejemplo.cl', hash: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(JSON.stringify(summary)).not.toMatch(/nadie|otro@/);
    // Case and spaces do not change the hash support computes from the address it is given.
    expect(loggableAddress(' NADIE@Ejemplo.CL')).toEqual(loggableAddress('nadie@ejemplo.cl'));
    expect(loggableAddress('nadie@ejemplo.cl').hash).not.toBe(loggableAddress('otro@ejemplo.cl').hash);
  });

  it('the handler logs a delivery delay from SNS once, suppresses nothing, and writes no address', async () => {
    const warn = vi.spyOn(logger, 'warn');
    const info = vi.spyOn(logger, 'info');
    try {
      expect(await handler(snsDelivery(delay))).toEqual({ suppressed: 0 });
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]?.[1]).toEqual({
        ses_event: 'DeliveryDelay',
        delay_type: 'MailboxFull',
        message_id: '0100018f-delayed',
        recipients: [{ domain: 'estudio-rojas.cl', hash: loggableAddress('contadora@estudio-rojas.cl').hash }],
      });
      const written = JSON.stringify([...warn.mock.calls, ...info.mock.calls]);
      expect(written.toLowerCase()).not.toContain('contadora@');
    } finally {
      warn.mockRestore();
      info.mockRestore();
    }
  });
});
