import { getUserInfo, postToken } from '@shared/contracts/auth';
import type { ResponseOf } from '@shared/contracts/define';
import { messageForError } from '@shared/i18n/es';
import { markActivity } from './activity';
import { api, onSessionExpired } from './api-client';
import { tellLogout } from './logout';
import { sessionMarker } from './session-marker';
import { createStore, useStore } from './store';

export type UserInfo = ResponseOf<typeof getUserInfo>;

export interface SessionState {
  signedIn: boolean;
  /** The caller's profile, once loaded (GET api/v1/users/info/). */
  profile: UserInfo | null;
  profileError: unknown;
  /** A message for the login page after a forced sign-out ('Sesión terminada por inactividad', ...). */
  notice: string | null;
}

const store = createStore<SessionState>({
  signedIn: sessionMarker.present(),
  profile: null,
  profileError: null,
  notice: null,
});

export const getSession = store.get;
export const useSession = () => useStore(store);

const sessionChangeListeners = new Set<() => void>();

/** Called at every sign-in and sign-out (lib/query-client.ts empties the cache). */
export function onSessionChange(listener: () => void): () => void {
  sessionChangeListeners.add(listener);
  return () => sessionChangeListeners.delete(listener);
}

/** Counts sessions in this page, so an answer that arrives after a sign-out is dropped. */
let generation = 0;
/** The profile request of this session, shared by concurrent callers. */
let profileLoad: Promise<void> | null = null;

/**
 * Signs in with e-mail and password; throws the ApiError of a refusal (the login form words it). The API sets the
 * session's cookies, persistent with 'Recordarme'; the SPA writes its marker beside them.
 */
export async function signIn(
  email: string,
  password: string,
  remember: boolean,
): Promise<SecondFactorChallenge | undefined> {
  const answer = await api(postToken, { body: { email, password, remember } });
  // The second factor is due: no session yet, the code comes next (features/auth/components/second-factor-step.tsx).
  if (answer.second_factor) return answer.second_factor;
  markSignedIn(remember);
  return undefined;
}

export type SecondFactorChallenge = NonNullable<ResponseOf<typeof postToken>['second_factor']>;

/** The API set the session's cookies (a password, or its second factor): the SPA writes its marker beside them. */
export function markSignedIn(remember: boolean): void {
  sessionMarker.save(remember);
  markActivity();
  generation += 1;
  profileLoad = null;
  for (const listener of sessionChangeListeners) listener();
  store.set({ signedIn: true, profile: null, profileError: null, notice: null });
}

/**
 * Ends the session: clears the marker and profile at once (the route guards then send the user to /), and tells the
 * API, which ends the session, records the logout and clears the session's cookies. The API call is fire-and-forget:
 * whatever it answers the user is signed out here.
 */
export function signOut(notice: string | null = null): void {
  sessionMarker.clear();
  resetSession(notice);
  void tellLogout(api);
}

function resetSession(notice: string | null): void {
  generation += 1;
  profileLoad = null;
  for (const listener of sessionChangeListeners) listener();
  store.set({ signedIn: false, profile: null, profileError: null, notice });
}

// The API ended the session (refused refresh, SESSION_ENDED, a disabled project or group): the marker is already
// cleared; the login page says why when the API said so.
onSessionExpired((reason) => {
  if (!store.get().signedIn) return;
  resetSession(reason ? messageForError(reason) : null);
});

/** Loads the profile once per session; concurrent callers share the request. */
export function loadProfile(): Promise<void> {
  profileLoad ??= (async () => {
    const current = generation;
    try {
      const profile = await api(getUserInfo);
      if (current === generation && store.get().signedIn) store.set({ profile, profileError: null });
    } catch (error) {
      if (current !== generation) return;
      profileLoad = null;
      if (store.get().signedIn) store.set({ profileError: error });
    }
  })();
  return profileLoad;
}

/** Loads the profile again (after the person changed its own data); the page keeps the old one until it arrives. */
export function reloadProfile(): Promise<void> {
  profileLoad = null;
  return loadProfile();
}

export function clearNotice(): void {
  if (store.get().notice) store.set({ notice: null });
}
