import type { Db } from '../../../server/db/client';
import { JobRunner, type JobRunnerOptions } from '../../../server/jobs/runner';
import { createSecrets } from '../../../server/secrets';
import { testConfig } from './helpers';
import { silentLog } from './silent-log';

/**
 * Job runners on the test file's database, each stopped after its test: call in the file's body,
 * then `newRunner(options)` in a test. `defaults` apply to every runner of the file.
 */
export function useJobRunners(db: () => Db, defaults: JobRunnerOptions = {}) {
  const runners: JobRunner[] = [];
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((runner) => runner.stop()));
  });
  return function newRunner(options: JobRunnerOptions = {}): JobRunner {
    const runner = new JobRunner(
      { db: db(), log: silentLog, secrets: createSecrets(Buffer.alloc(32, 7)), config: testConfig() },
      { ...defaults, ...options },
    );
    runners.push(runner);
    return runner;
  };
}
