import { GraphileJobs } from '../../../server/jobs/graphile';
import { openPostgres } from '../../../server/db/postgres';
import { run } from '../../../server/process/lifecycle';
import { createSecrets } from '../../../server/secrets';
import { silentLog } from './silent-log';
import { testConfig } from './helpers';

/**
 * The killed process of the job engine's crash test: a worker of the scaled-out shape whose job
 * never ends; it says which job it started, and is then killed with SIGKILL.
 */
run(async () => {
  const [url, schema, engineSchema, name] = process.argv.slice(2);
  const db = await openPostgres(url, `-c search_path=${schema},public`);
  const jobs = new GraphileJobs(
    { db, log: silentLog, secrets: createSecrets(Buffer.alloc(32, 7)), config: testConfig() },
    { connectionString: url, schema: engineSchema, heartbeatMs: 200, deadAfterMs: 1_000 },
  );
  jobs.register<{ n: number }>(name, {
    run: async ({ n }) => {
      console.log(`started ${n}`);
      await new Promise(() => undefined);
    },
  });
  await jobs.start();
  console.log('ready');
});
