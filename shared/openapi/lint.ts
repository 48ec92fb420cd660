import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';

/**
 * Redocly's recommended ruleset over the document, with one rule off: the spec's paths end in "/"
 * (`api/v1/token/`) and clients call them so; CloudFront and the local gateway strip the slash before routing
 * (shared/contracts/define.ts, routePath), so the document keeps the paths as the spec writes them.
 */
export async function lintOpenApi(document: object): Promise<NormalizedProblem[]> {
  const config = await createConfig({ extends: ['recommended'], rules: { 'no-path-trailing-slash': 'off' } });
  return lintFromString({ source: JSON.stringify(document), absoluteRef: 'openapi.json', config });
}

/** One line per problem: severity, rule, where and what. */
export function describeProblems(problems: readonly NormalizedProblem[]): string[] {
  return problems.map(
    (p) => `${p.severity} ${p.ruleId} at ${p.location.map((l) => l.pointer ?? '').join(', ')}: ${p.message}`,
  );
}
