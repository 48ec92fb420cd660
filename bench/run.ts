/**
 * `npm run bench` runs every bench module below, in order; `npm run bench -- cold-start` runs the named ones only.
 *
 * A bench module is bench/<name>.ts exporting `title` (one line) and `run(): Promise<void>`, which prints its own
 * figures. Adding one is adding its name to this list.
 */
const BENCHES = ['cold-start', 'dynamodb-lists', 'csv-import'];

export interface BenchModule {
  title: string;
  run(): Promise<void>;
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
  const unknown = wanted.filter((name) => !BENCHES.includes(name));
  if (unknown.length > 0) throw new Error(`Unknown bench ${unknown.join(', ')}; known: ${BENCHES.join(', ')}`);
  const selected = wanted.length > 0 ? BENCHES.filter((name) => wanted.includes(name)) : BENCHES;

  for (const name of selected) {
    const bench = (await import(new URL(`./${name}.ts`, import.meta.url).href)) as BenchModule;
    const started = performance.now();
    console.log(`\n== ${name}: ${bench.title}\n`);
    await bench.run();
    console.log(`\n(${name} took ${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
