import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOCK_FILE } from '../../../server/process/data-dir-lock';
import { openPglite } from '../../../server/db/pglite';
import {
  freePort,
  me,
  serverWithOwner,
  runTs,
  SERVER_START_TIMEOUT_MS,
  startServer,
  stop,
  waitForHealth,
  type Child,
} from '../support/child-processes';

/** `npm run backup` against a real server's DATA_DIR, while it runs and once it has stopped. */

/** Backups take a snapshot, unpack it with PGlite and open it: seconds each on a busy machine. */
const BACKUP_TIMEOUT_MS = 60_000;

function backup(dataDir: string, target: string): Child {
  return runTs('scripts/backup.ts', [target], { DATA_DIR: dataDir, DATABASE_URL: '', SECRET_KEY: '' });
}

describe('npm run backup', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'threadline-backup-'));
  const dataDir = path.join(root, 'data');
  const children: Child[] = [];
  let server: Child;
  let port: number;
  let owner: { token: string; username: string };

  beforeAll(async () => {
    ({ server, port, owner } = await serverWithOwner(dataDir));
    children.push(server);
  }, SERVER_START_TIMEOUT_MS);

  afterAll(async () => {
    await Promise.all(children.map((child) => stop(child, 'SIGKILL')));
    fs.rmSync(root, { recursive: true, force: true });
  });

  it(
    'while the server runs, gets a snapshot from it; a server started on the backup is the same Threadline',
    async () => {
      const target = path.join(root, 'while-running');
      const run = backup(dataDir, target);
      children.push(run);
      expect(await run.exited).toBe(0);
      expect(run.output().stdout).toContain(`Threadline is running (pid ${server.process.pid})`);
      expect(run.output().stdout).toContain(`Backed up ${dataDir} to ${target}`);
      expect(fs.readdirSync(target).sort()).toEqual(['db', 'secret.key', 'vapid.json']);
      for (const key of ['secret.key', 'vapid.json']) {
        expect(fs.readFileSync(path.join(target, key))).toEqual(fs.readFileSync(path.join(dataDir, key)));
      }
      expect(fs.readdirSync(path.join(dataDir, 'snapshots'))).toEqual([]);
      expect(await me(port, owner.token)).toEqual({ status: 200, username: owner.username });

      // Restored: the backup used as DATA_DIR. The owner's token, signed with the key, is still good.
      const restoredPort = await freePort();
      const restored = startServer(target, restoredPort);
      children.push(restored);
      await waitForHealth(restored, restoredPort);
      expect(await me(restoredPort, owner.token)).toEqual({ status: 200, username: owner.username });
      expect(await stop(restored)).toBe(0);
    },
    SERVER_START_TIMEOUT_MS + BACKUP_TIMEOUT_MS,
  );

  it(
    'once the server has stopped, opens the database itself under the lock, and releases it',
    async () => {
      expect(await stop(server)).toBe(0);
      const target = path.join(root, 'while-stopped');
      const run = backup(dataDir, target);
      children.push(run);
      expect(await run.exited).toBe(0);
      expect(run.output().stdout).not.toContain('Threadline is running');
      expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
      expect(fs.readFileSync(path.join(target, 'secret.key'))).toEqual(
        fs.readFileSync(path.join(dataDir, 'secret.key')),
      );

      const restored = await openPglite(path.join(target, 'db'));
      try {
        expect(await restored.query('select username from users where username = $1', [owner.username])).toEqual([
          { username: owner.username },
        ]);
      } finally {
        await restored.close();
      }
    },
    BACKUP_TIMEOUT_MS,
  );

  it('refuses to write over an existing folder or inside DATA_DIR', async () => {
    const existing = backup(dataDir, path.join(root, 'while-stopped'));
    const inside = backup(dataDir, path.join(dataDir, 'backup'));
    children.push(existing, inside);
    expect(await existing.exited).toBe(1);
    expect(existing.output().stderr.trim()).toBe(
      `${path.join(root, 'while-stopped')} exists already; name a new folder.`,
    );
    expect(await inside.exited).toBe(1);
    expect(inside.output().stderr.trim()).toBe(`Write the backup outside DATA_DIR (${dataDir}).`);
  });
});
