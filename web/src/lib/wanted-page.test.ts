import { beforeEach, describe, expect, test } from 'vitest';
import { rememberWantedPage, takeWantedPage } from './wanted-page';

class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

beforeEach(() => {
  Object.defineProperty(globalThis, 'sessionStorage', { value: new MemoryStorage(), configurable: true });
});

const at = (path: string) => {
  const url = new URL(path, 'https://portal.test');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
};

describe('the page a visitor asked for before signing in', () => {
  test('is opened once, with its query and hash', () => {
    rememberWantedPage(at('/documents_user/root?folder=abc#x'));
    expect(takeWantedPage()).toBe('/documents_user/root?folder=abc#x');
    expect(takeWantedPage()).toBe('/home');
  });

  test('admin pages qualify too', () => {
    rememberWantedPage(at('/admin/society'));
    expect(takeWantedPage()).toBe('/admin/society');
  });

  test('nothing kept, a guest page or another site: /home', () => {
    expect(takeWantedPage()).toBe('/home');
    for (const page of ['/login', '/', '/register/abc', '//evil.example/x', '/\\evil.example']) {
      sessionStorage.setItem('wanted_page', page);
      expect(takeWantedPage()).toBe('/home');
    }
  });
});
