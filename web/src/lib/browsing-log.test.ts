import { describe, expect, it } from 'vitest';
import { browsingEntry } from './browsing-log';

describe('browsing log entries', () => {
  it('names module and view from the path, without ids', () => {
    expect(browsingEntry('/home')).toEqual({ browsing_url: '/home', browsing_module: 'home', browsing_view: 'home' });
    expect(browsingEntry('/admin/users/edit/6f1c2b9e-1111-4aaa-8bbb-123456789abc', '?x=1')).toEqual({
      browsing_url: '/admin/users/edit/6f1c2b9e-1111-4aaa-8bbb-123456789abc?x=1',
      browsing_module: 'admin/users',
      browsing_view: 'edit',
    });
    expect(browsingEntry('/accounting/2/6f1c2b9e-1111-4aaa-8bbb-123456789abc')).toMatchObject({
      browsing_module: 'accounting',
      browsing_view: 'accounting',
    });
  });

  it('stays within the contract bounds', () => {
    const entry = browsingEntry(`/${'a'.repeat(3000)}`);
    expect(entry.browsing_url.length).toBeLessThanOrEqual(2048);
    expect(entry.browsing_module.length).toBeLessThanOrEqual(100);
    expect(entry.browsing_view.length).toBeGreaterThan(0);
  });
});
