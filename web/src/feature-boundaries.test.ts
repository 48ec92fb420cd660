import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Biome cannot name "the file's own feature" in one rule, so biome.json holds one noRestrictedImports override per
 * feature (issue 9: features never import each other). A feature folder without its overrides would be unguarded:
 * this test names it.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const features = readdirSync(join(ROOT, 'web', 'src', 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

interface Override {
  includes: string[];
  linter?: { rules?: { style?: { noRestrictedImports?: { options?: { patterns?: { group: string[] }[] } } } } };
}
const overrides = (JSON.parse(readFileSync(join(ROOT, 'biome.json'), 'utf8')) as { overrides: Override[] }).overrides;

function groupsFor(include: string): string[][] {
  const override = overrides.find((candidate) => candidate.includes.includes(include));
  return (override?.linter?.rules?.style?.noRestrictedImports?.options?.patterns ?? []).map((pattern) => pattern.group);
}

describe('feature boundaries in biome.json', () => {
  it('finds the features', () => {
    expect(features).toContain('users');
  });

  it.each(features)('%s may import only itself among the features, in every file', (feature) => {
    const ownOnly = ['@/features/**', `!@/features/${feature}`, `!@/features/${feature}/**`];
    expect(groupsFor(`web/src/features/${feature}/**`)).toContainEqual(ownOnly);
    expect(groupsFor(`web/src/features/${feature}/*.ts`)).toContainEqual(ownOnly);
    expect(groupsFor(`web/src/features/${feature}/**/*.test.ts`)).toContainEqual(ownOnly);
  });
});
