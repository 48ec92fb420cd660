import { postPersonalizationLogin } from '@shared/contracts/auth';
import type { ResponseOf } from '@shared/contracts/define';
import { api } from './api-client';
import { AUTH_COOKIE_DAYS, DEFAULT_PRIMARY_COLOR } from './constants';
import {
  clearSelections,
  readCookie,
  readLocal,
  removeCookie,
  removeLocal,
  STORAGE_KEYS,
  writeCookie,
  writeLocal,
} from './storage';
import { createStore, useStore } from './store';
import { normalizeHex } from './theme';

export type SiteData = ResponseOf<typeof postPersonalizationLogin>;

export interface BrandingState {
  /** The branding of the project serving this origin, or null when none does. */
  site: SiteData | null;
  /** False until this page load has asked the API (a stored branding shows meanwhile). */
  checked: boolean;
}

function storedSite(): SiteData | null {
  const raw = readLocal(STORAGE_KEYS.branding);
  if (!raw) return null;
  try {
    const site = JSON.parse(raw) as SiteData;
    return typeof site === 'object' && site !== null && typeof site.project_name === 'string' ? site : null;
  } catch {
    return null;
  }
}

const store = createStore<BrandingState>({ site: storedSite(), checked: false });

export const useBranding = () => useStore(store);
export const getBranding = store.get;

/** The theme colour: the stored project's, else the cookie's, else #005A9F. */
export function primaryColor(site: SiteData | null): string {
  return (
    normalizeHex(site?.primary_color) ?? normalizeHex(readCookie(STORAGE_KEYS.primaryColor)) ?? DEFAULT_PRIMARY_COLOR
  );
}

let request: Promise<SiteData | null> | null = null;

/**
 * The answer to the request web/src/boot.ts started before the app's code arrived (/login's LCP), used once;
 * undefined when there is none or it was made for another path than the contract's.
 */
function earlyBranding(): Promise<SiteData> | undefined {
  const early = window.portalEarlyBranding;
  window.portalEarlyBranding = undefined;
  if (early?.path !== postPersonalizationLogin.path) return undefined;
  return early.response.then(async (response) => {
    if (!response.ok) {
      // Read the refusal's body too, or the request stays open (a portal no firm brands answers 404 here).
      await response.text();
      throw new Error(`branding: ${response.status}`);
    }
    return (await response.json()) as SiteData;
  });
}

/**
 * Asks the API for the branding of this origin (POST api/v1/personalization/login/ with window.location.origin), once
 * per page load. Found: stored in local storage and the colour in a cookie. Not found (or failed): both removed.
 */
export function loadBranding(): Promise<SiteData | null> {
  request ??= (
    earlyBranding() ?? api(postPersonalizationLogin, { body: { custom_portal_url: window.location.origin } })
  ).then(
    (site) => {
      writeLocal(STORAGE_KEYS.branding, JSON.stringify(site));
      const color = normalizeHex(site.primary_color);
      if (color) writeCookie(STORAGE_KEYS.primaryColor, color, AUTH_COOKIE_DAYS);
      store.set({ site, checked: true });
      return site;
    },
    () => {
      removeLocal(STORAGE_KEYS.branding);
      removeCookie(STORAGE_KEYS.primaryColor);
      store.set({ site: null, checked: true });
      return null;
    },
  );
  return request;
}

/** The login page's step (spec §4): fetch the branding and, when one applies, clear the stored selections. */
export async function brandLoginPage(): Promise<void> {
  const site = await loadBranding();
  if (site) clearSelections();
}
