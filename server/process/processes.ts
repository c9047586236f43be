import fs from 'node:fs';
import os from 'node:os';
import { Refusal } from './lifecycle';

/** A process as a file in DATA_DIR records it (the lock's holder, a backup's requester). */
export interface ProcessRecord {
  pid: number;
  host: string;
  /** What the process is, for messages: 'the server', 'npm run backup'. */
  role: string;
  startedAt: string;
  /** Linux: boot id and start time, which tell a reused pid from the process recorded. */
  identity?: string;
}

/** Linux's `/proc/<pid>/stat` start time (clock ticks since boot) with the boot's id; elsewhere undefined. */
function identityOf(pid: number): string | undefined {
  try {
    const bootId = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name in parentheses may contain spaces; `starttime` is the 20th field after it.
    const startTicks = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    return startTicks ? `${bootId}:${startTicks}` : undefined;
  } catch {
    return undefined;
  }
}

export function thisProcess(role: string): ProcessRecord {
  return {
    pid: process.pid,
    host: os.hostname(),
    role,
    startedAt: new Date().toISOString(),
    identity: identityOf(process.pid),
  };
}

/**
 * Whether the recorded process still runs. A process on another host cannot be asked, so it counts as
 * running. On Linux a live pid whose start time differs is another process that reused the pid (after
 * a reboot, or in a restarted container where the pids start over).
 */
export function isRunning(record: ProcessRecord): boolean {
  if (record.host !== os.hostname()) return true;
  try {
    process.kill(record.pid, 0);
  } catch (error) {
    // EPERM: it runs, under another user.
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  const identity = identityOf(record.pid);
  return identity === undefined || record.identity === undefined || identity === record.identity;
}

/** The record a file holds, or undefined when the file is gone; throws when it holds something else. */
export function readProcessRecord(file: string): { text: string; record: ProcessRecord } | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const record = parse(text);
  if (!record) throw new Refusal(`${file} does not name a Threadline process; if none uses this folder, delete it.`);
  return { text, record };
}

function parse(text: string): ProcessRecord | undefined {
  try {
    const value = JSON.parse(text) as Partial<ProcessRecord>;
    const valid = Number.isInteger(value.pid) && typeof value.host === 'string' && typeof value.role === 'string';
    return valid ? (value as ProcessRecord) : undefined;
  } catch {
    return undefined;
  }
}
