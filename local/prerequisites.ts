import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * What the portal needs from the machine beyond `npm ci`: a JDK for DynamoDB Local (`npm start` and `npm test`) and
 * Debian's Chromium for the browser tests (Playwright cannot download browsers here). Both commands install what they
 * need when they can (two commands on a fresh machine), and otherwise name the one command that does.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Prerequisite {
  what: string;
  /** The Debian package that provides it. */
  aptPackage: string;
  present: () => boolean;
}

export const JDK: Prerequisite = {
  // A JDK, not only a runtime: local/ compiles the launcher that binds DynamoDB Local to 127.0.0.1.
  what: 'a Java 17 JDK (DynamoDB Local)',
  aptPackage: 'default-jdk-headless',
  present: () => spawnSync('javac', ['-version'], { stdio: 'ignore' }).status === 0,
};

export const CHROMIUM: Prerequisite = {
  what: `Chromium at ${CHROMIUM_PATH} (browser tests)`,
  aptPackage: 'chromium',
  present: () => existsSync(CHROMIUM_PATH),
};

/**
 * The functions run on this Node major in Lambda (infra/constructs/api.ts LAMBDA_RUNTIME). The `node-linux-*` optional
 * dependency puts the same major first on the scripts' PATH, so local runs and tests run on it whatever Node installed
 * the packages; where no such package exists (macOS, Windows) the machine's Node is used and a line says so.
 */
export const LAMBDA_NODE_MAJOR = 24;

export function runtimeMismatch(version = process.versions.node): string | undefined {
  const major = Number(version.split('.')[0]);
  if (major === LAMBDA_NODE_MAJOR) return undefined;
  return `Node ${version} runs this, but the functions run on Node ${LAMBDA_NODE_MAJOR} in Lambda: install Node ${LAMBDA_NODE_MAJOR} for runs that behave as in AWS.`;
}

export function installCommand(packages: string[]): string {
  return `apt-get update && apt-get install -y ${packages.join(' ')}`;
}

function canInstallWithApt(): boolean {
  const isRoot = process.getuid?.() === 0;
  return isRoot && spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
}

/**
 * Installs what is missing with apt when this process is root; returns the command to run by hand when it cannot or
 * when the install failed, or undefined when everything is there.
 */
export function ensurePrerequisites(
  needed: Prerequisite[],
  log: (line: string) => void = console.log,
): string | undefined {
  const missing = needed.filter((p) => !p.present());
  if (missing.length === 0) return undefined;
  const packages = missing.map((p) => p.aptPackage);
  const command = installCommand(packages);
  for (const p of missing) log(`Missing: ${p.what}.`);
  if (!canInstallWithApt()) return command;
  log(`Installing with apt: ${packages.join(', ')}`);
  try {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: ['ignore', 'ignore', 'inherit'], env });
  } catch {
    return command;
  }
  return missing.every((p) => p.present()) ? undefined : command;
}
