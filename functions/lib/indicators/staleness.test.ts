import { describe, expect, it } from 'vitest';
import { businessDaysSince } from './staleness';

describe('business days since the latest indicator value', () => {
  it('is 0 on the day of the value and over a weekend', () => {
    expect(businessDaysSince('2025-05-02', '2025-05-02')).toBe(0); // Friday
    expect(businessDaysSince('2025-05-02', '2025-05-04')).toBe(0); // Sunday
  });

  it('counts the weekdays after it, weekends skipped', () => {
    expect(businessDaysSince('2025-05-02', '2025-05-05')).toBe(1); // Monday without its value
    expect(businessDaysSince('2025-05-02', '2025-05-06')).toBe(2); // Tuesday: the alarm's case
    expect(businessDaysSince('2025-04-30', '2025-05-07')).toBe(5);
  });

  it('refuses what is not a day', () => {
    expect(() => businessDaysSince('ayer', '2025-05-02')).toThrow(/not a day/);
  });
});
