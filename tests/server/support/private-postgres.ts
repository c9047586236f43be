import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './child-processes';

/**
 * A PostgreSQL 15 cluster of a test's own, on a free loopback port, for what the shared server must
 * never be put through: stopped and started under running nodes. The server refuses to run as root,
 * so under root (CI) its programs run as the `postgres` OS user, in a directory that user owns.
 */

const BIN = '/usr/lib/postgresql/15/bin';

export interface PrivatePostgres {
  /** Its `postgres` database, as the superuser `postgres`, without a password (trust). */
  readonly url: string;
  readonly port: number;
  /** `pg_ctl stop -m fast`: every connection is ended, as a restart or failover ends them. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Connections the server holds now (client backends), as pg_stat_activity counts them. */
  connections(): Promise<number>;
  /** Stops the server if it runs and removes its directory; safe to call after any failure. */
  dispose(): Promise<void>;
}

/** The `postgres` user's ids when this process runs as root; undefined when it is that user already. */
function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const entry = fs.readFileSync('/etc/passwd', 'utf8').match(/^postgres:[^:]*:(\d+):(\d+):/m);
  if (!entry) throw new Error('no postgres OS user to run the server as');
  return { uid: Number(entry[1]), gid: Number(entry[2]) };
}

export async function startPrivatePostgres({ maxConnections = 40 } = {}): Promise<PrivatePostgres> {
  if (!fs.existsSync(path.join(BIN, 'pg_ctl'))) throw new Error(`PostgreSQL 15's programs are missing from ${BIN}`);
  const user = serverUser();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'threadline-pg-'));
  if (user) fs.chownSync(dir, user.uid, user.gid);
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const as = async (program: string, args: string[]) => {
    try {
      await promisify(execFile)(path.join(BIN, program), args, {
        cwd: dir,
        ...user,
        env: { ...process.env, LC_ALL: 'C' },
      });
    } catch (error) {
      const log = fs.existsSync(path.join(dir, 'log')) ? fs.readFileSync(path.join(dir, 'log'), 'utf8') : '';
      throw new Error(`${program} ${args.join(' ')} failed: ${(error as Error).message}\n${log.slice(-2_000)}`);
    }
  };
  let running = false;
  const cluster: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async start() {
      const settings = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=${maxConnections} -c fsync=off`;
      await as('pg_ctl', ['start', '-w', '-D', dataDir, '-l', path.join(dir, 'log'), '-o', settings]);
      running = true;
    },
    async stop() {
      await as('pg_ctl', ['stop', '-w', '-m', 'fast', '-D', dataDir]);
      running = false;
    },
    async connections() {
      const client = new pg.Client({ connectionString: cluster.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ count: number }>(
          "select count(*)::int as count from pg_stat_activity where backend_type = 'client backend'",
        );
        return rows[0].count - 1;
      } finally {
        await client.end();
      }
    },
    async dispose() {
      if (running) await as('pg_ctl', ['stop', '-w', '-m', 'immediate', '-D', dataDir]).catch(() => undefined);
      running = false;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await as('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    await cluster.start();
  } catch (error) {
    await cluster.dispose();
    throw error;
  }
  return cluster;
}
