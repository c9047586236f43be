import { CLEANUP_INTERVAL_MS } from '../../../server/jobs/housekeeping';
import { openTestDb, type TestDb } from '../support/helpers';
import { useJobRunners } from '../support/job-runners';

/** Done jobs are deleted after a week, by the runner, at most once an hour; failed ones stay. */

let testDb: TestDb;
beforeAll(async () => {
  testDb = await openTestDb();
});
afterAll(() => testDb.dispose());

const newRunner = useJobRunners(() => testDb.db);

/** A job as an earlier run left it, finished `daysAgo` days ago. */
async function finishedJob(status: 'done' | 'failed', daysAgo: number): Promise<number> {
  const row = await testDb.db.one<{ id: number }>(
    `insert into jobs (name, status, attempts, finished_at, last_error)
     values ('old-work', $1, 1, now() - $2::integer * interval '1 day', $3) returning id`,
    [status, daysAgo, status === 'failed' ? 'provider down' : null],
  );
  return Number(row.id);
}

async function remaining(ids: number[]): Promise<number[]> {
  const rows = await testDb.db.query<{ id: number }>('select id from jobs where id = any($1::bigint[]) order by id', [
    ids,
  ]);
  return rows.map((row) => Number(row.id));
}

it('deletes the done jobs older than the retention, and keeps recent done, failed and pending ones', async () => {
  const oldDone = await finishedJob('done', 8);
  const recentDone = await finishedJob('done', 6);
  const oldFailed = await finishedJob('failed', 30);
  const runner = newRunner();
  const pending = await runner.enqueue({ name: 'not-yet', runAt: new Date(Date.now() + 3_600_000) });
  await runner.runUntilIdle();
  expect(await remaining([oldDone, recentDone, oldFailed, pending!])).toEqual([recentDone, oldFailed, pending]);
});

it('cleans up at most once an hour per runner', async () => {
  let now = Date.parse('2026-01-05T10:00:00Z');
  const runner = newRunner({ now: () => now });
  await runner.runUntilIdle();

  const first = await finishedJob('done', 8);
  now += CLEANUP_INTERVAL_MS - 1;
  await runner.runUntilIdle();
  expect(await remaining([first])).toEqual([first]);

  now += 1;
  await runner.runUntilIdle();
  expect(await remaining([first])).toEqual([]);
});

it('cleans up in the polling loop, before running what is due', async () => {
  const old = await finishedJob('done', 10);
  const runner = newRunner({ pollIntervalMs: 3_600_000 });
  let ran: () => void = () => undefined;
  const jobRan = new Promise<void>((resolve) => {
    ran = resolve;
  });
  runner.register('after-cleanup', {
    run: async () => {
      ran();
    },
  });
  await runner.enqueue({ name: 'after-cleanup' });
  // The poll interval is an hour: only the start's first poll can run the job, and it cleans first.
  runner.start();
  await jobRan;
  expect(await remaining([old])).toEqual([]);
});
