import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:net';

/** A port the OS says is free right now, on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** True when something already listens on the port, so a start can name the clash instead of failing obscurely. */
export function portTaken(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(true));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(false)));
  });
}

/** A failure to start a named service: printed as one clear line, not a stack trace. */
export class ServiceStartError extends Error {
  constructor(
    readonly service: string,
    message: string,
  ) {
    super(`${service}: ${message}`);
    this.name = 'ServiceStartError';
  }
}

export interface Managed {
  name: string;
  child: ChildProcess;
  /** The last lines it printed, to explain a failure. */
  tail: () => string;
}

export interface SpawnOptions {
  name: string;
  command: string;
  args: string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Where its output goes; without it only the last lines are kept. */
  logFile?: string;
}

export function spawnService(options: SpawnOptions): Managed {
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const log = options.logFile ? createWriteStream(options.logFile, { flags: 'a' }) : undefined;
  const keep = (chunk: Buffer) => {
    log?.write(chunk);
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    if (lines.length > 20) lines.splice(0, lines.length - 20);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.on('error', (error) => lines.push(String(error.message)));
  return { name: options.name, child, tail: () => lines.join('\n') };
}

/** Polls until the URL answers any HTTP status, or the process dies, or time runs out. */
export async function waitForHttp(service: Managed, url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (service.child.exitCode !== null || service.child.signalCode !== null) {
      throw new ServiceStartError(service.name, `exited before it was ready.\n${service.tail()}`);
    }
    try {
      await fetch(url, { signal: AbortSignal.timeout(1000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new ServiceStartError(
    service.name,
    `did not answer on ${url} within ${timeoutMs / 1000} s.\n${service.tail()}`,
  );
}

export async function stopService(service: Managed): Promise<void> {
  const { child } = service;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
  await exited;
  clearTimeout(timer);
}
