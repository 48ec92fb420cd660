import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setClockOffset } from '../clock';
import { EVEN_ANSWER_MS, evenAnswer, setEvenAnswerWait } from './even-answer';

/**
 * The work's duration is made by moving the server's clock, never by waiting; the real clock stands still meanwhile
 * (on a busy machine a millisecond passed between two reads and the wait came out one short).
 */
describe('evenAnswer', () => {
  const waits: number[] = [];
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    setClockOffset(0);
    setEvenAnswerWait(undefined);
    waits.length = 0;
  });
  const recordWaits = () =>
    setEvenAnswerWait(async (ms) => {
      waits.push(ms);
    });
  const workOf = (ms: number, result: string) => async () => {
    setClockOffset(ms);
    return result;
  };

  it('waits what is left of the floor, so short and long work answer at the same instant', async () => {
    recordWaits();
    expect(await evenAnswer(workOf(200, 'mail sent'))).toBe('mail sent');
    setClockOffset(0);
    expect(await evenAnswer(workOf(0, 'nothing to do'))).toBe('nothing to do');
    // Each: its work plus its wait is the floor.
    expect(waits).toEqual([EVEN_ANSWER_MS - 200, EVEN_ANSWER_MS]);
  });

  it('answers at once when the work took the floor or longer', async () => {
    recordWaits();
    expect(await evenAnswer(workOf(EVEN_ANSWER_MS + 1, 'slow'))).toBe('slow');
    expect(waits).toEqual([]);
  });

  it('lets a refusal of the work through without waiting', async () => {
    recordWaits();
    await expect(
      evenAnswer(async () => {
        throw new Error('throttled');
      }),
    ).rejects.toThrow('throttled');
    expect(waits).toEqual([]);
  });
});
