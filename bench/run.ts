import { spawnSync } from 'node:child_process';

/**
 * `npm run bench` runs every bench module below, in order; `npm run bench -- cold-start` runs the named ones only.
 *
 * A bench module is bench/<name>.ts exporting `title` (one line) and `run(): Promise<void>`, which prints its own
 * figures. Adding one is adding its name to this list.
 *
 * Each bench runs in a process of its own: a bench that starts a portal sets process-wide state (the functions'
 * environment and their module-scope AWS clients), which the next portal's different ports would not reach.
 */
// lighthouse skips with the install command when LIGHTHOUSE_DIR does not hold Lighthouse (it is not a dependency).
const BENCHES = [
  'cold-start',
  'dynamodb-lists',
  'dynamodb-people-lists',
  'csv-import',
  'documents',
  'messages',
  'requests',
  'accounting',
  'load',
  'first-load',
  'lighthouse',
];

export interface BenchModule {
  title: string;
  run(): Promise<void>;
}

async function runOne(name: string): Promise<void> {
  const bench = (await import(new URL(`./${name}.ts`, import.meta.url).href)) as BenchModule;
  const started = performance.now();
  console.log(`\n== ${name}: ${bench.title}\n`);
  await bench.run();
  console.log(`\n(${name} took ${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const one = args.indexOf('--one');
  if (one >= 0) return runOne(args[one + 1] as string);

  const wanted = args.filter((arg) => !arg.startsWith('-'));
  const unknown = wanted.filter((name) => !BENCHES.includes(name));
  if (unknown.length > 0) throw new Error(`Unknown bench ${unknown.join(', ')}; known: ${BENCHES.join(', ')}`);
  const selected = wanted.length > 0 ? BENCHES.filter((name) => wanted.includes(name)) : BENCHES;

  const failed: string[] = [];
  for (const name of selected) {
    const child = spawnSync(process.execPath, [...process.execArgv, process.argv[1] as string, '--one', name], {
      stdio: 'inherit',
      env: process.env,
    });
    if (child.status !== 0) failed.push(name);
  }
  if (failed.length > 0) {
    console.error(`\nFailed: ${failed.join(', ')}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
