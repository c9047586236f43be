import type { Db } from '../../../server/db/client';
import { JOB_ERRORS } from '../../../server/jobs/execute';
import type { JobRunner } from '../../../server/jobs/runner';
import { openTestDb, type TestDb } from '../support/helpers';
import { useJobRunners } from '../support/job-runners';

let testDb: TestDb;
beforeAll(async () => {
  testDb = await openTestDb();
});
afterAll(() => testDb.dispose());

const newRunner = useJobRunners(() => testDb.db, { backoffMs: () => 0 });

/** The test database, counting the claims made on it (each a look for a job to start). */
let claims = 0;
function countingClaims(db: Db): Db {
  const counted = (text: string) => {
    if (text.includes("set status = 'running', attempts = attempts + 1")) claims += 1;
  };
  return {
    ...db,
    query: (text, params) => (counted(text), db.query(text, params)),
    one: (text, params) => (counted(text), db.one(text, params)),
    maybeOne: (text, params) => (counted(text), db.maybeOne(text, params)),
  };
}
const newCountedRunner = useJobRunners(() => countingClaims(testDb.db), { backoffMs: () => 0 });

let labels = 0;
/** A job or queue name no other test uses. */
function unique(label: string) {
  labels += 1;
  return `${label}-${labels}`;
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A promise and the function that settles it. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** Records when each run of `name` starts and ends, in the order things happen. */
function recordRuns(
  runner: JobRunner,
  name: string,
  lane: string,
  work: (n: number) => Promise<void> = async () => {},
) {
  const events: string[] = [];
  runner.register<{ n: number }>(
    name,
    {
      run: async ({ n }) => {
        events.push(`start ${n}`);
        await work(n);
        events.push(`end ${n}`);
      },
    },
    lane,
  );
  return events;
}

describe('lanes and queues', () => {
  it('runs jobs of different queues side by side, up to the lane’s concurrency', async () => {
    const runner = newRunner({ concurrency: { replies: 8 } });
    const name = unique('reply');
    const allStarted = deferred();
    let started = 0;
    let mostAtOnce = 0;
    let atOnce = 0;
    recordRuns(runner, name, 'replies', async () => {
      started += 1;
      atOnce += 1;
      mostAtOnce = Math.max(mostAtOnce, atOnce);
      if (started === 8) allStarted.resolve();
      // Every run waits for all eight to have started: only runs side by side can finish.
      await allStarted.promise;
      atOnce -= 1;
    });
    for (let n = 0; n < 12; n += 1) await runner.enqueue({ name, payload: { n }, queue: unique('conversation') });

    await runner.runUntilIdle();

    expect(mostAtOnce).toBe(8);
    const done = await testDb.db.one<{ n: number }>(
      "select count(*)::int as n from jobs where name = $1 and status = 'done'",
      [name],
    );
    expect(done.n).toBe(12);
  });

  it('runs the jobs of one queue one at a time, in order, while other queues go on', async () => {
    const runner = newRunner({ concurrency: { replies: 8 } });
    const name = unique('reply');
    const conversation = unique('conversation');
    const events = recordRuns(runner, name, 'replies', () => new Promise((resolve) => setTimeout(resolve, 5)));
    const other = unique('other');
    const otherEvents = recordRuns(runner, other, 'replies');
    for (let n = 0; n < 5; n += 1) await runner.enqueue({ name, payload: { n }, queue: conversation });
    await runner.enqueue({ name: other, payload: { n: 9 }, queue: unique('conversation') });

    await runner.runUntilIdle();

    expect(events).toEqual([0, 1, 2, 3, 4].flatMap((n) => [`start ${n}`, `end ${n}`]));
    expect(otherEvents).toEqual(['start 9', 'end 9']);
  });

  it('keeps one queue serial across two runners claiming at the same time', async () => {
    const name = unique('reply');
    const conversation = unique('conversation');
    const events: string[] = [];
    const runners = [newRunner({ concurrency: { replies: 4 } }), newRunner({ concurrency: { replies: 4 } })];
    for (const [index, runner] of runners.entries()) {
      runner.register<{ n: number }>(
        name,
        {
          run: async ({ n }) => {
            events.push(`start ${n}`);
            await new Promise((resolve) => setTimeout(resolve, 5));
            events.push(`end ${n} (runner ${index})`);
          },
        },
        'replies',
      );
    }
    for (let n = 0; n < 6; n += 1) await runners[0].enqueue({ name, payload: { n }, queue: conversation });

    await Promise.all(runners.map((runner) => runner.runUntilIdle()));
    await Promise.all(runners.map((runner) => runner.runUntilIdle()));

    const order = events.map((event) => event.replace(/ \(runner \d\)$/, ''));
    expect(order).toEqual([0, 1, 2, 3, 4, 5].flatMap((n) => [`start ${n}`, `end ${n}`]));
  });

  it('takes only the head of a queue, even when the head waits in another, full lane', async () => {
    const runner = newRunner({ concurrency: { busy: 1, free: 4 } });
    const blocker = unique('blocker');
    const head = unique('head');
    const next = unique('next');
    const blockerMayEnd = deferred();
    const order: string[] = [];
    recordRuns(runner, blocker, 'busy', () => blockerMayEnd.promise);
    recordRuns(runner, head, 'busy', async () => void order.push('head'));
    recordRuns(runner, next, 'free', async () => void order.push('next'));
    const conversation = unique('conversation');
    await runner.enqueue({ name: blocker, payload: { n: 0 } });
    await runner.enqueue({ name: head, payload: { n: 1 }, queue: conversation });
    await runner.enqueue({ name: next, payload: { n: 2 }, queue: conversation });

    const idle = runner.runUntilIdle();
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The free lane has room, but its job is not the head of its queue.
    expect(order).toEqual([]);
    blockerMayEnd.resolve();
    await idle;
    expect(order).toEqual(['head', 'next']);
  });

  it('never holds a reply behind a long ingestion', async () => {
    const runner = newRunner({ concurrency: { replies: 4, ingestion: 1 } });
    const ingest = unique('ingest');
    const reply = unique('reply');
    const ingestionMayEnd = deferred();
    const replyDone = deferred();
    recordRuns(runner, ingest, 'ingestion', () => ingestionMayEnd.promise);
    recordRuns(runner, reply, 'replies', async () => replyDone.resolve());
    await runner.enqueue({ name: ingest, payload: { n: 1 } });
    await runner.enqueue({ name: ingest, payload: { n: 2 } });
    await runner.enqueue({ name: reply, payload: { n: 3 } });

    const idle = runner.runUntilIdle();
    await replyDone.promise;
    const states = await testDb.db.query<{ name: string; status: string }>(
      'select name, status from jobs where name = any($1) order by id',
      [[ingest, reply]],
    );
    expect(states).toEqual([
      { name: ingest, status: 'running' },
      { name: ingest, status: 'pending' },
      { name: reply, status: expect.stringMatching(/^(running|done)$/) },
    ]);
    ingestionMayEnd.resolve();
    await idle;
  });
});

describe('starting', () => {
  it('starts a job enqueued in the process, and one that comes due, without waiting for a poll', async () => {
    const runner = newRunner({ pollIntervalMs: 3_600_000 });
    const name = unique('instant');
    const ran = [deferred(), deferred()];
    recordRuns(runner, name, 'replies', async (n) => ran[n].resolve());
    runner.start();
    await runner.enqueue({ name, payload: { n: 0 } });
    await ran[0].promise;
    await runner.enqueue({ name, payload: { n: 1 }, runAt: new Date(Date.now() + 200) });
    await ran[1].promise;
  });

  it('looks for jobs only when one may start: not while idle, nor while a queue’s next job waits its turn', async () => {
    const runner = newCountedRunner({ pollIntervalMs: 3_600_000, concurrency: { replies: 4 } });
    const name = unique('quiet');
    const queue = unique('conversation');
    const firstMayEnd = deferred();
    const firstStarted = deferred();
    const events = recordRuns(runner, name, 'replies', async (n) => {
      if (n === 0) {
        firstStarted.resolve();
        await firstMayEnd.promise;
      }
    });
    runner.start();
    await runner.runUntilIdle();
    claims = 0;
    await sleep(300);
    expect(claims).toBe(0);

    await runner.enqueue({ name, queue, payload: { n: 0 } });
    await runner.enqueue({ name, queue, payload: { n: 1 } });
    await firstStarted.promise;
    claims = 0;
    await sleep(300);
    // The second job is due but behind the running first one: nothing to look for until it ends.
    expect(claims).toBeLessThanOrEqual(2);
    firstMayEnd.resolve();
    // Waited for only now: asked before the jobs were queued, it could find nothing to wait for.
    await runner.runUntilIdle();
    expect(events).toEqual(['start 0', 'end 0', 'start 1', 'end 1']);
  });

  it('takes back at once what a crashed process left running, and fails a job that crashed twice', async () => {
    const name = unique('orphan');
    const failures: string[] = [];
    const once = await testDb.db.one<{ id: number }>(
      `insert into jobs (name, status, attempts, locked_until, crashes)
       values ($1, 'running', 1, now() + interval '1 hour', 0) returning id`,
      [name],
    );
    const twice = await testDb.db.one<{ id: number }>(
      `insert into jobs (name, status, attempts, locked_until, crashes)
       values ($1, 'running', 2, now() + interval '1 hour', 1) returning id`,
      [name],
    );
    const runner = newRunner({ recoverOnStart: true, pollIntervalMs: 3_600_000 });
    const ran = deferred();
    runner.register(
      name,
      { run: async () => ran.resolve(), onFailed: async (_payload, _context, error) => void failures.push(error) },
      'replies',
    );

    runner.start();
    await ran.promise;
    await runner.runUntilIdle();

    const rows = await testDb.db.query<{ id: number; status: string; crashes: number; last_error: string | null }>(
      'select id, status, crashes, last_error from jobs where name = $1 order by id',
      [name],
    );
    expect(rows).toEqual([
      { id: once.id, status: 'done', crashes: 1, last_error: null },
      { id: twice.id, status: 'failed', crashes: 2, last_error: JOB_ERRORS.crashed },
    ]);
    expect(failures).toEqual([JOB_ERRORS.crashed]);
  });
});
