import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { contractById, synthPortal } from './helpers';

/**
 * The list indexes' switch (docs/deploy.md, "Sorted list indexes"): `-c listIndexes=off` gives every API function
 * LIST_INDEXES=off, so lists read their directories until a table written before the indexes has had its backfill;
 * without it nothing is set and lists read the indexes.
 */
const SAMPLE = ['listSocieties', 'listGroups', 'listUsers'].map(contractById);

function listIndexesOf(context: Record<string, unknown>) {
  const synthesized = synthPortal({
    contracts: SAMPLE,
    skipBundling: true,
    builtinValidation: false,
    context: { account: '999988887777', region: 'sa-east-1', ...context },
  });
  return SAMPLE.map(({ id }) => {
    const stack = synthesized.stacks.apis.find((api) => api.endpoints.functions.has(id));
    if (!stack) throw new Error(`no function for ${id}`);
    const fn = stack.endpoints.functions.get(id);
    const resource = Template.fromStack(stack).toJSON().Resources[stack.getLogicalId(fn?.node.defaultChild as never)];
    return [id, (resource.Properties.Environment.Variables as Record<string, unknown>).LIST_INDEXES];
  });
}

describe('listIndexes context', () => {
  it('sets LIST_INDEXES=off on every list function with off, and nothing without it or with on', () => {
    expect(listIndexesOf({ listIndexes: 'off' })).toEqual(SAMPLE.map(({ id }) => [id, 'off']));
    expect(listIndexesOf({})).toEqual(SAMPLE.map(({ id }) => [id, undefined]));
    expect(listIndexesOf({ listIndexes: 'on' })).toEqual(SAMPLE.map(({ id }) => [id, undefined]));
  });

  it('refuses any other value', () => {
    expect(() => listIndexesOf({ listIndexes: 'no' })).toThrow(/listIndexes/);
  });
});
