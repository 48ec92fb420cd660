import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';

/**
 * Redocly's recommended ruleset over the document, with one rule off: the spec's paths end in "/"
 * (`api/v1/token/`) and clients call them so; CloudFront and the local gateway strip the slash before routing
 * (shared/contracts/define.ts, routePath), so the document keeps the paths as the spec writes them.
 */
export async function lintOpenApi(document: object): Promise<NormalizedProblem[]> {
  const config = await createConfig({ extends: ['recommended'], rules: { 'no-path-trailing-slash': 'off' } });
  const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: 'openapi.json', config });
  return problems.filter((problem) => !redirectAnswered(document, problem));
}

/**
 * A browser navigation that answers with a redirect (Microsoft sign-in's start and callback) succeeds with its 3XX:
 * Redocly's `operation-2xx-response` asks every operation for a 2XX, so only there, for an operation whose declared
 * answers include a 3XX, its finding is dropped.
 */
function redirectAnswered(document: object, problem: NormalizedProblem): boolean {
  if (problem.ruleId !== 'operation-2xx-response') return false;
  const pointer = problem.location[0]?.pointer ?? '';
  const parts = pointer
    .replace(/^#\//, '')
    .split('/')
    .map((part) => decodeURIComponent(part).replaceAll('~1', '/').replaceAll('~0', '~'));
  let node: unknown = document;
  for (const part of parts)
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return node !== null && typeof node === 'object' && Object.keys(node).some((status) => /^3\d\d$/.test(status));
}

/** One line per problem: severity, rule, where and what. */
export function describeProblems(problems: readonly NormalizedProblem[]): string[] {
  return problems.map(
    (p) => `${p.severity} ${p.ruleId} at ${p.location.map((l) => l.pointer ?? '').join(', ')}: ${p.message}`,
  );
}
