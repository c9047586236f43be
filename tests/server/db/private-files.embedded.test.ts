import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite } from '../../../server/db/pglite';
import { SERVER_START_TIMEOUT_MS, serverWithOwner, stop, type Child } from '../support/child-processes';

/** DATA_DIR on disk: the database (our SQL functions included), the key and the rest, for its user alone. */

/** Every path below `dir` whose mode has any of `bits` for a group or other users, with its mode. */
function openToOthers(dir: string, bits = 0o077): string[] {
  const open: string[] = [];
  const walk = (target: string) => {
    const stats = fs.lstatSync(target);
    if (stats.isSymbolicLink()) return;
    if (stats.mode & bits) open.push(`${path.relative(dir, target) || '.'} ${(stats.mode & 0o777).toString(8)}`);
    if (stats.isDirectory()) for (const entry of fs.readdirSync(target)) walk(path.join(target, entry));
  };
  walk(dir);
  return open;
}

function openUp(target: string): void {
  const stats = fs.statSync(target);
  fs.chmodSync(target, stats.isDirectory() ? 0o755 : 0o666);
  if (stats.isDirectory()) for (const entry of fs.readdirSync(target)) openUp(path.join(target, entry));
}

describe('DATA_DIR permissions', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'threadline-private-'));
  const dataDir = path.join(root, 'data');
  let server: Child | undefined;

  afterAll(async () => {
    if (server) await stop(server, 'SIGKILL');
    fs.rmSync(root, { recursive: true, force: true });
  });

  it(
    'a server closes a DATA_DIR an older version left open, and what it writes afterwards is private too',
    async () => {
      // The database as an older version left it: PGlite's files 0666, the folders 0755.
      const older = await openPglite(path.join(dataDir, 'db'));
      await older.close();
      openUp(dataDir);
      expect(openToOthers(dataDir).length).toBeGreaterThan(100);

      // Registering writes new rows, and new relation files, after the server has started.
      ({ server } = await serverWithOwner(dataDir));
      expect(fs.statSync(path.join(dataDir, 'secret.key')).mode & 0o777).toBe(0o600);
      // No one else may enter DATA_DIR, nor read or write what it held; PGlite gives the files it
      // writes later (pg_internal.init) 0644 whatever the umask, which the closed folders keep to us.
      expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(fs.statSync(path.join(dataDir, 'db')).mode & 0o777).toBe(0o700);
      expect(openToOthers(dataDir, 0o033)).toEqual([]);
    },
    SERVER_START_TIMEOUT_MS * 2,
  );
});
