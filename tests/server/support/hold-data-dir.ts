import { lockDataDir } from '../../../server/process/data-dir-lock';
import { run } from '../../../server/process/lifecycle';

/** The second process of the lock's tests: takes DATA_DIR, says so, and holds it until it is stopped. */
run(async () => {
  const [dataDir, role = 'a test holder'] = process.argv.slice(2);
  const lock = await lockDataDir(dataDir, role);
  process.on('exit', () => lock.release());
  process.on('SIGTERM', () => process.exit(0));
  setInterval(() => undefined, 60_000);
  console.log('locked');
});
