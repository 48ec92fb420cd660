import { mkdirSync, writeFileSync } from 'node:fs';
import { contracts } from '../contracts';
import { buildOpenApi } from './build';
import { describeProblems, lintOpenApi } from './lint';

/** `npm run openapi`: writes docs/openapi.json from the contract table, and fails when Redocly finds a problem in it. */
const document = buildOpenApi(contracts);
const target = new URL('../../docs/openapi.json', import.meta.url);
mkdirSync(new URL('.', target), { recursive: true });
writeFileSync(target, `${JSON.stringify(document, null, 2)}\n`);
console.log(`Wrote ${target.pathname.replace(`${process.cwd()}/`, '')} (${contracts.length} operations)`);

const problems = await lintOpenApi(document);
if (problems.length > 0) {
  console.error(`Redocly (recommended) found ${problems.length} problem(s):\n${describeProblems(problems).join('\n')}`);
  process.exit(1);
}
console.log('Redocly (recommended): no problems');
