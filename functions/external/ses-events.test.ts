import { describe, expect, it } from 'vitest';
import { sesEventsOf, suppressionsOf } from './ses-events';

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
