import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { newAccount } from './helpers';

/** Real processes for the tests of what only a second process can show (DATA_DIR's lock, the port). */

const ROOT = path.resolve(__dirname, '../../..');

/** How long a real server may take to become healthy: a cold PGlite migrates first. */
export const SERVER_START_TIMEOUT_MS = 90_000;

export interface Child {
  readonly process: ChildProcess;
  /** Everything written so far. */
  readonly output: () => { stdout: string; stderr: string };
  /** Resolves with the exit code (null after a signal). */
  readonly exited: Promise<number | null>;
}

/** Runs a TypeScript file of this repository through tsx, as `npm start` does. */
export function runTs(file: string, args: string[] = [], env: NodeJS.ProcessEnv = {}): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { process: child, output: () => ({ stdout, stderr }), exited };
}

/** Waits until the child has written `text` to its stdout; fails if it exits first. */
export async function waitForOutput(child: Child, text: string): Promise<void> {
  while (!child.output().stdout.includes(text)) {
    if (child.process.exitCode !== null)
      throw new Error(`exited (${child.process.exitCode}): ${child.output().stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The pid of a process that has ended. */
export async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

/** A server process's environment: production, quiet, on loopback, its own DATA_DIR, the embedded shape. */
export function serverEnv(dataDir: string, port: number): NodeJS.ProcessEnv {
  return {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    WEB_DIR: path.join(dataDir, 'no-web-build'),
    DATABASE_URL: '',
    SECRET_KEY: '',
  };
}

/**
 * `server/process/main.ts` on its own DATA_DIR and port, in the embedded shape unless `env`, which adds to its
 * environment, gives a DATABASE_URL.
 */
export function startServer(dataDir: string, port: number, env: NodeJS.ProcessEnv = {}): Child {
  return runTs('server/process/main.ts', [], { ...serverEnv(dataDir, port), ...env });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Waits until the server answers its health check; fails at once if it exits instead. */
export async function waitForHealth(server: Child, port: number): Promise<void> {
  let exitCode: number | null | undefined;
  void server.exited.then((code) => (exitCode = code));
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`the server exited (${exitCode}): ${server.output().stderr}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server on port ${port} did not become healthy`);
}

/** Ends a child (SIGTERM: a clean stop; SIGKILL: as the out-of-memory killer would) and waits for it. */
export async function stop(child: Child, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  if (child.process.exitCode === null && child.process.signalCode === null) child.process.kill(signal);
  return child.exited;
}

/** Registers a new owner on a real server over HTTP. */
export async function register(port: number): Promise<{ token: string; username: string }> {
  const account = newAccount();
  const response = await fetch(`http://127.0.0.1:${port}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (response.status !== 201) throw new Error(`register answered ${response.status}: ${await response.text()}`);
  return { token: ((await response.json()) as { access_token: string }).access_token, username: account.username };
}

/** A real server on `dataDir` and a free port, answering, with a new owner registered on it. */
export async function serverWithOwner(dataDir: string) {
  const port = await freePort();
  const server = startServer(dataDir, port);
  await waitForHealth(server, port);
  return { server, port, owner: await register(port) };
}

/** The signed-in owner's profile, as far as the server tells it. */
export async function me(port: number, token: string): Promise<{ status: number; username?: string }> {
  const response = await fetch(`http://127.0.0.1:${port}/api/v1/users/me`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.status, username: ((await response.json()) as { username?: string }).username };
}
