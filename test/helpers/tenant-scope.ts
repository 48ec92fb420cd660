import { inject } from 'vitest';
import { TAGS, type Tag, type World } from './tenant-world';

// What a caller of the tenant world must not see: the tags outside its scope and their ids.

/** The world's uuids under the given tags. */
export const worldIdsUnder = (world: World, tags: readonly Tag[]): string[] =>
  tags.flatMap((tag) => Object.values(world.ids[tag]).flat());

/**
 * Every uuid the caller must not see in any answer: the world's outside its scope and, for the world's own callers,
 * the demo data's too.
 */
export function foreignIds(world: World, caller: World['callers'][number]): string[] {
  const own = worldIdsUnder(world, outOfScope(caller));
  if (caller.demo) return own;
  const demo = inject('portal').demo;
  const demoUsers = Object.entries(demo.users)
    .filter(([email]) => email !== 'superadmin@demo.cl')
    .map(([, uuid]) => uuid);
  return [
    ...own,
    ...Object.values(demo.projects),
    ...Object.values(demo.groups),
    ...Object.values(demo.societies),
    ...demoUsers,
  ];
}

/** The tags a caller must not see. */
export const outOfScope = (caller: { scope: readonly Tag[] }): Tag[] => TAGS.filter((t) => !caller.scope.includes(t));
