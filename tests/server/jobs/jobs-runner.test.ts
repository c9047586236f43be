import { enqueue } from '../../../server/jobs/queue';
import { openTestDb, type TestDb } from '../support/helpers';
import { useJobRunners } from '../support/job-runners';

let testDb: TestDb;
beforeAll(async () => {
  testDb = await openTestDb();
});
afterAll(() => testDb.dispose());

let jobNames = 0;
/** A job name no other test uses, so that each test sees only its own jobs. */
function uniqueName(label: string) {
  jobNames += 1;
  return `${label}-${jobNames}`;
}

const newRunner = useJobRunners(() => testDb.db, { backoffMs: () => 0 });

async function jobRow(id: number) {
  return testDb.db.one<{ status: string; attempts: number; last_error: string | null }>(
    'select status, attempts, last_error from jobs where id = $1',
    [id],
  );
}

describe('enqueue', () => {
  it('makes a second enqueue with the same key a no-op', async () => {
    const name = uniqueName('dedupe');
    const first = await enqueue(testDb.db, { name, key: `${name}:1`, payload: { n: 1 } });
    const second = await enqueue(testDb.db, { name, key: `${name}:1`, payload: { n: 2 } });
    expect(first).toEqual(expect.any(Number));
    expect(second).toBeNull();
    const rows = await testDb.db.query<{ payload: { n: number } }>('select payload from jobs where name = $1', [name]);
    expect(rows).toEqual([{ payload: { n: 1 } }]);
  });

  it('leaves no job when the enqueuing transaction rolls back', async () => {
    const name = uniqueName('rollback');
    await expect(
      testDb.db.transaction(async (tx) => {
        await enqueue(tx, { name });
        throw new Error('the surrounding work failed');
      }),
    ).rejects.toThrow('the surrounding work failed');
    expect(await testDb.db.query('select id from jobs where name = $1', [name])).toEqual([]);
  });
});

describe('JobRunner', () => {
  it('runs a due job with its payload and marks it done', async () => {
    const runner = newRunner();
    const name = uniqueName('greet');
    const seen: unknown[] = [];
    runner.register<{ who: string }>(name, {
      run: async (payload, context) => {
        seen.push([payload.who, context.job.attempt]);
      },
    });
    const id = await runner.enqueue({ name, payload: { who: 'Ada' } });
    await runner.runUntilIdle();
    expect(seen).toEqual([['Ada', 1]]);
    expect(await jobRow(id!)).toEqual({ status: 'done', attempts: 1, last_error: null });
  });

  it('retries a job that throws, then marks it failed with the error and calls its failure hook once', async () => {
    const runner = newRunner();
    const name = uniqueName('flaky');
    let runs = 0;
    const failures: string[] = [];
    runner.register(name, {
      run: async () => {
        runs += 1;
        throw new Error(`provider down (${runs})`);
      },
      onFailed: async (_payload, _context, error) => {
        failures.push(error);
      },
    });
    const id = await runner.enqueue({ name, maxAttempts: 3 });
    await runner.runUntilIdle();
    expect(runs).toBe(3);
    expect(await jobRow(id!)).toEqual({ status: 'failed', attempts: 3, last_error: 'provider down (3)' });
    expect(failures).toEqual(['provider down (3)']);
  });

  it('waits for the backoff before retrying', async () => {
    const runner = newRunner({ backoffMs: () => 60_000 });
    const name = uniqueName('later');
    let runs = 0;
    runner.register(name, {
      run: async () => {
        runs += 1;
        throw new Error('not yet');
      },
    });
    const id = await runner.enqueue({ name });
    await runner.runUntilIdle();
    expect(runs).toBe(1);
    expect(await jobRow(id!)).toEqual({ status: 'pending', attempts: 1, last_error: 'not yet' });
  });

  it('re-claims a job left running by a crashed process once its lease has expired', async () => {
    const runner = newRunner();
    const name = uniqueName('crashed');
    const runs: number[] = [];
    runner.register(name, {
      run: async (_payload, context) => {
        runs.push(context.job.attempt);
      },
    });
    const expired = await testDb.db.one<{ id: number }>(
      `insert into jobs (name, status, attempts, locked_until) values ($1, 'running', 1, now() - interval '1 second')
       returning id`,
      [name],
    );
    const leased = await testDb.db.one<{ id: number }>(
      `insert into jobs (name, status, attempts, locked_until) values ($1, 'running', 1, now() + interval '1 hour')
       returning id`,
      [name],
    );
    await runner.runUntilIdle();
    expect(runs).toEqual([2]);
    expect(await jobRow(expired.id)).toMatchObject({ status: 'done', attempts: 2 });
    expect(await jobRow(leased.id)).toMatchObject({ status: 'running', attempts: 1 });
  });

  it('fails a job whose runs keep dying once its attempts are used up', async () => {
    const runner = newRunner();
    const name = uniqueName('dying');
    let runs = 0;
    runner.register(name, {
      run: async () => {
        runs += 1;
      },
    });
    const job = await testDb.db.one<{ id: number }>(
      `insert into jobs (name, status, attempts, max_attempts, locked_until)
       values ($1, 'running', 2, 2, now() - interval '1 second') returning id`,
      [name],
    );
    await runner.runUntilIdle();
    expect(runs).toBe(0);
    expect(await jobRow(job.id)).toEqual({
      status: 'failed',
      attempts: 3,
      last_error: 'Gave up after 2 attempts that never finished',
    });
  });

  it('does not run a job before its time', async () => {
    const runner = newRunner();
    const name = uniqueName('scheduled');
    let runs = 0;
    runner.register(name, {
      run: async () => {
        runs += 1;
      },
    });
    const id = await runner.enqueue({ name, runAt: new Date(Date.now() + 3_600_000) });
    await runner.runUntilIdle();
    expect(runs).toBe(0);
    expect(await jobRow(id!)).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('fails a job no handler is registered for', async () => {
    const runner = newRunner();
    const name = uniqueName('unknown');
    const id = await runner.enqueue({ name });
    await runner.runUntilIdle();
    expect(await jobRow(id!)).toEqual({ status: 'failed', attempts: 1, last_error: `No handler for job '${name}'` });
  });

  it('once started, resumes jobs queued before it and runs new ones as they are enqueued', async () => {
    const name = uniqueName('polled');
    const earlier = await enqueue(testDb.db, { name, payload: { n: 1 } });
    const runner = newRunner({ pollIntervalMs: 3_600_000 });
    const done: number[] = [];
    let finish: () => void = () => undefined;
    const bothRan = new Promise<void>((resolve) => {
      finish = resolve;
    });
    runner.register<{ n: number }>(name, {
      run: async (payload) => {
        done.push(payload.n);
        if (done.length === 2) finish();
      },
    });
    runner.start();
    // The poll interval is an hour: only the start and the wake-up of enqueue can run these.
    await runner.enqueue({ name, payload: { n: 2 } });
    await bothRan;
    expect(done.sort()).toEqual([1, 2]);
    await runner.stop();
    expect(await jobRow(earlier!)).toMatchObject({ status: 'done' });
  });
});
