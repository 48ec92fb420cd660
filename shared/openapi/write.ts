import { mkdirSync, writeFileSync } from 'node:fs';
import { contracts } from '../contracts';
import { buildOpenApi } from './build';

/** `npm run openapi`: writes docs/openapi.json from the contract table. */
const target = new URL('../../docs/openapi.json', import.meta.url);
mkdirSync(new URL('.', target), { recursive: true });
writeFileSync(target, `${JSON.stringify(buildOpenApi(contracts), null, 2)}\n`);
console.log(`Wrote ${target.pathname.replace(`${process.cwd()}/`, '')} (${contracts.length} operations)`);
