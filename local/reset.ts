import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './paths';

/** `npm run reset`: wipes local data and logs (the next `npm start` seeds the demo again); keeps the emulator cache. */
for (const dir of ['data', 'logs']) rmSync(join(ROOT, '.local', dir), { recursive: true, force: true });
console.log('Local data removed. Stop any running `npm start` first; the next start seeds the demo again.');
