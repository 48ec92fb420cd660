import type { UserInfo } from '@/lib/session';
import { readLocal, writeLocal } from '@/lib/storage';

export type SelectionKind = 'project' | 'group' | 'society';

const LIST: Record<SelectionKind, 'projects' | 'groups' | 'societies'> = {
  project: 'projects',
  group: 'groups',
  society: 'societies',
};

/**
 * The user's stored project, group or society (portal §3 "stored browser values", admin-area §6 "the first item of
 * each selector is stored locally as default"): the stored uuid when it is one of the profile's, else the profile's
 * first, which is then stored. '' when the profile has none (SUPER_ADMIN, or while the profile loads).
 */
export function storedSelection(kind: SelectionKind, profile: UserInfo | null): string {
  if (!profile) return '';
  const items = profile[LIST[kind]] as ReadonlyArray<{ uuid: string }>;
  const stored = readLocal(kind);
  if (stored && items.some((item) => item.uuid === stored)) return stored;
  const first = items[0]?.uuid ?? '';
  if (first) writeLocal(kind, first);
  return first;
}
