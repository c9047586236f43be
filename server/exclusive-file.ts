import crypto from 'node:crypto';
import fs from 'node:fs';

/**
 * Creates `file` with `text` unless it exists, so that it appears complete or not at all: written
 * aside, synced, then hard-linked into place. A reader never sees it half written, a crash never
 * leaves it empty, and of two processes creating it at once exactly one wins. False when the file
 * existed already.
 */
export function createExclusively(file: string, text: string, mode = 0o644): boolean {
  const draft = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  const fd = fs.openSync(draft, 'wx', mode);
  try {
    fs.writeSync(fd, text);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  try {
    fs.linkSync(draft, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    fs.unlinkSync(draft);
  }
}
