import crypto from 'node:crypto';
import { GraphileJobs, type GraphileJobsOptions } from '../../../server/jobs/graphile';
import { JOB_ERRORS } from '../../../server/jobs/execute';
import type { Db } from '../../../server/db/client';
import { openPostgres } from '../../../server/db/postgres';
import { createSecrets } from '../../../server/secrets';
import { runTs, waitForOutput } from '../support/child-processes';
import { openTestDb, testConfig, type TestDb } from '../support/helpers';
import { silentLog } from '../support/silent-log';

/**
 * The scaled-out shape's job engine (graphile-worker) on the PostgreSQL that DATABASE_URL names:
 * this file runs only in the PostgreSQL pass of the server suite (jest.config.js), since the
 * engine needs a real server. Each file gets its own schemas.
 */

const url = process.env.DATABASE_URL!;
let testDb: TestDb;
let schema: string;
const engineSchema = `jobs_engine_${crypto.randomBytes(4).toString('hex')}`;
const engines: GraphileJobs[] = [];

beforeAll(async () => {
  testDb = await openTestDb();
  schema = (await testDb.db.one<{ schema: string }>('select current_schema() as schema')).schema;
});

afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.stop()));
});

afterAll(async () => {
  const admin: Db = await openPostgres(url);
  await admin.exec(`drop schema if exists ${engineSchema} cascade`);
  await admin.close();
  await testDb.dispose();
});

function newEngine(options: Partial<GraphileJobsOptions> = {}) {
  const engine = new GraphileJobs(
    { db: testDb.db, log: silentLog, secrets: createSecrets(Buffer.alloc(32, 7)), config: testConfig() },
    { connectionString: url, schema: engineSchema, pollIntervalMs: 3_600_000, ...options },
  );
  engines.push(engine);
  return engine;
}

let names = 0;
function unique(label: string) {
  names += 1;
  return `${label}_${names}`;
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

async function rowsOf(name: string) {
  return testDb.db.query<{ status: string; attempts: number; crashes: number; last_error: string | null }>(
    'select status, attempts, crashes, last_error from jobs where name = $1 order by id',
    [name],
  );
}

describe('the PostgreSQL job engine', () => {
  it('runs a job the moment its transaction commits, and never one whose transaction rolled back', async () => {
    const engine = newEngine();
    const name = unique('instant');
    const ran: number[] = [];
    const second = deferred();
    engine.register<{ n: number }>(name, {
      run: async ({ n }) => {
        ran.push(n);
        if (n === 2) second.resolve();
      },
    });
    await engine.start();
    await testDb.db
      .transaction(async (tx) => {
        await engine.enqueue({ name, payload: { n: 1 } }, tx);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await testDb.db.transaction((tx) => engine.enqueue({ name, payload: { n: 2 } }, tx));

    // The poll is an hour away: only the engine's NOTIFY can have started it.
    await second.promise;
    expect(ran).toEqual([2]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await rowsOf(name)).toEqual([{ status: 'done', attempts: 1, crashes: 0, last_error: null }]);
  });

  it("runs a queue's jobs one at a time and in order across two workers, other queues beside them", async () => {
    const name = unique('ordered');
    const events: string[] = [];
    const allDone = deferred();
    let done = 0;
    const workers = [newEngine({ concurrency: { default: 4 } }), newEngine({ concurrency: { default: 4 } })];
    for (const worker of workers) {
      worker.register<{ n: number; queue: string }>(name, {
        run: async ({ n, queue }) => {
          events.push(`${queue} start ${n}`);
          await new Promise((resolve) => setTimeout(resolve, 20));
          events.push(`${queue} end ${n}`);
          done += 1;
          if (done === 8) allDone.resolve();
        },
      });
    }
    await Promise.all(workers.map((worker) => worker.start()));
    for (let n = 0; n < 6; n += 1) await workers[0].enqueue({ name, payload: { n, queue: 'a' }, queue: `${name}:a` });
    for (const n of [6, 7]) await workers[0].enqueue({ name, payload: { n, queue: 'b' }, queue: `${name}:${n}` });

    await allDone.promise;

    const inA = events.filter((event) => event.startsWith('a '));
    expect(inA).toEqual([0, 1, 2, 3, 4, 5].flatMap((n) => [`a start ${n}`, `a end ${n}`]));
    // The other queues did not wait for queue a to finish.
    expect(events.indexOf('b start 6')).toBeLessThan(events.indexOf('a end 5'));
  });

  it('hands the jobs one statement queued to the engine together, each once, run in the order queued', async () => {
    const engine = newEngine({ concurrency: { default: 4 } });
    const name = unique('together');
    const ran: number[] = [];
    const allDone = deferred();
    engine.register<{ n: number }>(name, {
      run: async ({ n }) => {
        ran.push(n);
        if (ran.length === 6) allDone.resolve();
      },
    });
    await engine.start();
    // As the webhook queues the jobs of a batch of messages: one insert, several rows, one lane.
    await testDb.db.query(
      `insert into jobs (name, payload, queue)
       select $1, jsonb_build_object('n', n), $2 from generate_series(0, 5) n order by n`,
      [name, `${name}:lane`],
    );

    await allDone.promise;
    expect(ran).toEqual([0, 1, 2, 3, 4, 5]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const once = { status: 'done', attempts: 1, crashes: 0, last_error: null };
    expect(await rowsOf(name)).toEqual(Array.from({ length: 6 }, () => once));
  });

  it("finishes a killed worker's job on another within seconds, once, and fails a job that crashed twice", async () => {
    const name = unique('crashing');
    const child = runTs('tests/server/support/engine-worker.ts', [url, schema, engineSchema, name]);
    await waitForOutput(child, 'ready');
    const survivor = newEngine({ heartbeatMs: 200, deadAfterMs: 1_000, pollIntervalMs: 200 });
    const finished = deferred();
    const failures: string[] = [];
    survivor.register<{ n: number }>(name, {
      run: async () => finished.resolve(),
      onFailed: async (_payload, _context, error) => void failures.push(error),
    });
    const twice = unique('crashed');
    survivor.register(twice, {
      run: async () => {
        throw new Error('must not run');
      },
      onFailed: async (_payload, _context, error) => void failures.push(error),
    });
    await testDb.db.transaction((tx) => survivor.enqueue({ name, payload: { n: 1 } }, tx));
    await waitForOutput(child, 'started 1');
    // Now the survivor starts: the job is locked by the child, which then dies mid-run.
    await survivor.start();
    child.process.kill('SIGKILL');
    await child.exited;

    await finished.promise;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await rowsOf(name)).toEqual([{ status: 'done', attempts: 2, crashes: 1, last_error: null }]);

    // A job whose runs already ended their process twice is failed, not run.
    await testDb.db.query('insert into jobs (name, crashes) values ($1, 2)', [twice]);
    for (let waited = 0; waited < 5_000 && (await rowsOf(twice))[0].status !== 'failed'; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await rowsOf(twice)).toEqual([
      { status: 'failed', attempts: 1, crashes: 2, last_error: JOB_ERRORS.crashed },
    ]);
    expect(failures).toEqual([JOB_ERRORS.crashed]);
  }, 60_000);
});
