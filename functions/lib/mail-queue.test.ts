import { describe, expect, it } from 'vitest';
import { formatWait } from '../../shared/i18n/format';
import { pacer, queuedMailOf } from './mail-queue';

describe('pacer (the mail queue worker keeps to the SES rate)', () => {
  it('spaces calls 1/rate apart on a clock it is given: 5 sends at 2 a second wait 4 × 500 ms', async () => {
    let now = 1_000;
    const waits: number[] = [];
    const pace = pacer(
      2,
      () => now,
      async (ms) => {
        waits.push(ms);
        now += ms;
      },
    );
    for (let i = 0; i < 5; i++) await pace();
    expect(waits).toEqual([500, 500, 500, 500]);
  });

  it('does not wait when the work between calls already took longer than the gap', async () => {
    let now = 0;
    const waits: number[] = [];
    const pace = pacer(
      10,
      () => now,
      async (ms) => {
        waits.push(ms);
      },
    );
    await pace();
    now += 250;
    await pace();
    expect(waits).toEqual([]);
  });
});

describe('queuedMailOf', () => {
  it('reads an invitation message and refuses anything else', () => {
    expect(queuedMailOf('{"invitation":"abc"}')).toEqual({ invitation: 'abc' });
    expect(queuedMailOf('{"other":1}')).toBeUndefined();
    expect(queuedMailOf('not json')).toBeUndefined();
    // A document request's mail: made, or an item returned (named with its moment, so each return is mailed once).
    expect(queuedMailOf('{"request_mail":{"request":"r","event":"CREATED"}}')).toEqual({
      request: 'r',
      event: 'CREATED',
    });
    expect(queuedMailOf('{"request_mail":{"request":"r","event":"RETURNED","item":"i","at":"t"}}')).toEqual({
      request: 'r',
      event: 'RETURNED',
      item: 'i',
      at: 't',
    });
    expect(queuedMailOf('{"request_mail":{"request":"r","event":"RETURNED"}}')).toBeUndefined();
    expect(queuedMailOf('{"request_mail":{"event":"CREATED"}}')).toBeUndefined();
  });
});

describe('formatWait (quota messages)', () => {
  it.each([
    [1, '1 segundo'],
    [45, '45 segundos'],
    [60, '1 minuto'],
    [61, '2 minutos'],
    [600, '10 minutos'],
    [3600, '1 hora'],
    [3660, '1 hora y 1 minuto'],
    [7200, '2 horas'],
    [86_399, '24 horas'],
    [0, '1 segundo'],
  ])('%i s → %s', (seconds, words) => {
    expect(formatWait(seconds)).toBe(words);
  });
});
