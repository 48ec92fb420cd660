import { describe, expect, test } from 'vitest';
import { coversSelection, isVisible, reachesMember } from './visibility';

/** The one visibility rule of reports and accounting assignments (portal §6), on hand-worked cases. */
const ALL_FLAGS = [true, true, true, true] as const;
const society = { project: 'P', group: 'G1', society: 'S1' };
const group = { project: 'P', group: 'G1' };
const project = { project: 'P' };

describe('coversSelection: a target covers its subtree, within its project', () => {
  test.each([
    [{ p: 'P' }, society, true],
    [{ p: 'P', g: 'G1' }, society, true],
    [{ p: 'P', g: 'G1', s: 'S1' }, society, true],
    [{ p: 'P', g: 'G1', s: 'S2' }, society, false],
    [{ p: 'P', g: 'G2' }, society, false],
    [{ p: 'Q' }, society, false],
    [{ p: 'P', g: 'G1', s: 'S2' }, group, true],
    [{ p: 'P', g: 'G2', s: 'S3' }, group, false],
    [{ p: 'P', g: 'G2', s: 'S3' }, project, true],
    // A society moved to project Q keeps its old anchor {p: 'P'}: it no longer matches in Q.
    [{ p: 'P', g: 'G1', s: 'S1' }, { project: 'Q', group: 'H', society: 'S1' }, false],
  ])('%j covers %j: %s', (anchor, selection, expected) => {
    expect(coversSelection(anchor, selection)).toBe(expected);
  });
});

describe('isVisible: enabled, the role flag on, a covering target, not hidden', () => {
  const item = { e: true, f: ALL_FLAGS, a: [{ p: 'P', g: 'G1' }] };
  test('shown to each role whose flag is on', () => {
    expect(isVisible(item, 'USER_SOCIETY', society)).toBe(true);
    expect(isVisible(item, 'USER_GROUP', group)).toBe(true);
    expect(isVisible(item, 'GROUP_ADMIN', group)).toBe(true);
    expect(isVisible(item, 'PROJECT_ADMIN', project)).toBe(true);
  });
  test('each cause alone hides it', () => {
    expect(isVisible({ ...item, e: false }, 'USER_SOCIETY', society)).toBe(false);
    expect(isVisible({ ...item, f: [true, true, true, false] }, 'USER_SOCIETY', society)).toBe(false);
    expect(isVisible({ ...item, f: [false, true, true, true] }, 'PROJECT_ADMIN', project)).toBe(false);
    expect(isVisible(item, 'USER_SOCIETY', { project: 'P', group: 'G2', society: 'S9' })).toBe(false);
    expect(isVisible(item, 'USER_SOCIETY', society, new Set(['r1']), 'r1')).toBe(false);
    expect(isVisible(item, 'USER_SOCIETY', society, new Set(['r2']), 'r1')).toBe(true);
  });
  test('SUPER_ADMIN has no flag: user lists never show it items', () => {
    expect(isVisible(item, 'SUPER_ADMIN', project)).toBe(false);
  });
});

describe('reachesMember: whom an item reaches where each member is listed, through the same rule', () => {
  const inProject = { project: 'P' };
  test('a group target reaches its group people, its societies people and the project admins', () => {
    const item = { f: ALL_FLAGS, a: [{ p: 'P', g: 'G1' }] };
    expect(reachesMember(item, 'PROJECT_ADMIN', inProject)).toBe(true);
    expect(reachesMember(item, 'USER_GROUP', { project: 'P', group: 'G1' })).toBe(true);
    expect(reachesMember(item, 'GROUP_ADMIN', { project: 'P', group: 'G2' })).toBe(false);
    expect(reachesMember(item, 'USER_SOCIETY', { project: 'P', group: 'G1', society: 'S2' })).toBe(true);
    // Found in the project's list only: somewhere in the project, not known to be in G1.
    expect(reachesMember(item, 'USER_SOCIETY', inProject)).toBe(false);
    expect(reachesMember(item, 'USER_GROUP', inProject)).toBe(false);
  });
  test('a society target reaches that society and the admins above it; a project target everyone', () => {
    const item = { f: ALL_FLAGS, a: [{ p: 'P', g: 'G1', s: 'S1' }] };
    expect(reachesMember(item, 'USER_SOCIETY', { project: 'P', group: 'G1', society: 'S1' })).toBe(true);
    expect(reachesMember(item, 'USER_SOCIETY', { project: 'P', group: 'G1', society: 'S2' })).toBe(false);
    expect(reachesMember(item, 'GROUP_ADMIN', { project: 'P', group: 'G1' })).toBe(true);
    const wide = { f: ALL_FLAGS, a: [{ p: 'P' }] };
    expect(reachesMember(wide, 'USER_SOCIETY', inProject)).toBe(true);
    expect(reachesMember(wide, 'USER_SOCIETY', { project: 'Q' })).toBe(false);
  });
  test('a role whose flag is off is not reached; SUPER_ADMIN never is', () => {
    const item = { f: [true, true, true, false] as const, a: [{ p: 'P' }] };
    expect(reachesMember(item, 'USER_SOCIETY', inProject)).toBe(false);
    expect(reachesMember(item, 'SUPER_ADMIN', inProject)).toBe(false);
  });
});
