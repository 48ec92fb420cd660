import { describe, expect, it } from 'vitest';
import { singleFlight } from './single-flight';

describe('single flight', () => {
  it('callers during a run share it', async () => {
    let runs = 0;
    let finish: (value: number) => void = () => undefined;
    const once = singleFlight(() => {
      runs += 1;
      return new Promise<number>((resolve) => {
        finish = resolve;
      });
    });
    const first = once();
    const second = once();
    expect(second).toBe(first);
    await Promise.resolve();
    finish(7);
    await expect(Promise.all([first, second])).resolves.toEqual([7, 7]);
    expect(runs).toBe(1);
  });

  it('a task that settles at once is not kept: the next call runs it again', async () => {
    let runs = 0;
    const once = singleFlight(async () => {
      runs += 1;
      return runs === 1 ? null : 'fresh';
    });
    await expect(once()).resolves.toBeNull();
    await expect(once()).resolves.toBe('fresh');
  });

  it('a failed run is not kept either', async () => {
    let runs = 0;
    const once = singleFlight(async () => {
      runs += 1;
      if (runs === 1) throw new Error('down');
      return runs;
    });
    await expect(once()).rejects.toThrow('down');
    await expect(once()).resolves.toBe(2);
  });

  it('a task that throws synchronously rejects instead of throwing', async () => {
    const once = singleFlight<number>(() => {
      throw new Error('sync');
    });
    await expect(once()).rejects.toThrow('sync');
  });
});
