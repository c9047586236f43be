import fs from 'node:fs';
import path from 'node:path';

/**
 * What this process creates is its user's alone: DATA_DIR holds the database (our SQL functions
 * included, which a writer could rewrite), the master key and the media. Set at process start.
 */
export const PRIVATE_UMASK = 0o077;
const GROUP_AND_OTHERS = 0o077;

/**
 * Takes group and other users' access away below `dir` (and from `dir` itself): 0700 folders, 0600
 * files. PGlite writes its new database's files 0666 whatever the umask (they are unpacked from an
 * archive with their modes), and a DATA_DIR made by an older version may be open too.
 */
export function makePrivate(dir: string): void {
  const walk = (target: string, stats: fs.Stats) => {
    if (stats.mode & GROUP_AND_OTHERS) fs.chmodSync(target, stats.mode & ~GROUP_AND_OTHERS & 0o7777);
    if (!stats.isDirectory()) return;
    for (const entry of fs.readdirSync(target)) {
      const child = path.join(target, entry);
      const childStats = fs.lstatSync(child);
      // A link's mode is not its own, and what it points to is not ours to change.
      if (!childStats.isSymbolicLink()) walk(child, childStats);
    }
  };
  walk(dir, fs.lstatSync(dir));
}
