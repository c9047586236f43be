import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { LOCK_FILE } from '../../../server/process/data-dir-lock';
import {
  deadPid,
  serverWithOwner,
  me,
  register,
  SERVER_START_TIMEOUT_MS,
  startServer,
  stop,
  waitForHealth,
  type Child,
} from '../support/child-processes';

/**
 * Issue 14: a second `npm start` on the same DATA_DIR opened PGlite beside the first, and after the
 * first's next unclean stop the database never opened again. These start real servers.
 */

function newDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'threadline-start-'));
}

/** Every file of the folder, by name and content. */
function digest(folder: string): string {
  const hash = crypto.createHash('sha256');
  for (const name of (fs.readdirSync(folder, { recursive: true }) as string[]).sort()) {
    const file = path.join(folder, name);
    if (fs.statSync(file).isFile()) hash.update(name).update(fs.readFileSync(file));
  }
  return hash.digest('hex');
}

describe('a second start on the same DATA_DIR', () => {
  const dataDir = newDataDir();
  const children: Child[] = [];
  let first: Child;
  let port: number;
  let owner: { token: string; username: string };

  beforeAll(async () => {
    // Left behind by a server that was killed: the first start takes it over.
    fs.writeFileSync(
      path.join(dataDir, LOCK_FILE),
      JSON.stringify({ pid: await deadPid(), host: os.hostname(), role: 'the server', startedAt: '' }),
    );
    ({ server: first, port, owner } = await serverWithOwner(dataDir));
    children.push(first);
  }, SERVER_START_TIMEOUT_MS);

  afterAll(async () => {
    await Promise.all(children.map((child) => stop(child, 'SIGKILL')));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('finds the lock of a killed server and takes it over', () => {
    const holder = JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')) as { pid: number };
    expect(holder.pid).toBe(first.process.pid);
  });

  it("stops with the first's pid before opening the database, and the first keeps serving", async () => {
    const database = digest(path.join(dataDir, 'db'));
    const second = startServer(dataDir, port);
    children.push(second);
    expect(await second.exited).toBe(1);
    expect(second.output().stderr.trim()).toBe(
      `Another Threadline process (pid ${first.process.pid}, the server) is using ${dataDir}. ` +
        'Stop it first, or set DATA_DIR to another folder.',
    );
    // Opening PGlite, even only to fail on the port afterwards, writes to these files.
    expect(digest(path.join(dataDir, 'db'))).toBe(database);
    expect(await me(port, owner.token)).toEqual({ status: 200, username: owner.username });
  });

  it(
    'after the first writes and is killed (kill -9), the next start opens the database with its data',
    async () => {
      const later = await register(port);
      await stop(first, 'SIGKILL');
      const next = startServer(dataDir, port);
      children.push(next);
      await waitForHealth(next, port);
      expect(await me(port, owner.token)).toEqual({ status: 200, username: owner.username });
      expect(await me(port, later.token)).toEqual({ status: 200, username: later.username });
      expect(await stop(next)).toBe(0);
      expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    },
    SERVER_START_TIMEOUT_MS,
  );
});

describe('a start on a busy port', () => {
  it('stops with a clear message before opening the database, and leaves no lock', async () => {
    const dataDir = newDataDir();
    const other = net.createServer();
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const { port } = other.address() as net.AddressInfo;
    try {
      const server = startServer(dataDir, port);
      expect(await server.exited).toBe(1);
      expect(server.output().stderr.trim()).toBe(
        `Port ${port} is already in use (on 127.0.0.1). Stop what is using it, or set PORT to another port.`,
      );
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      other.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
