import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startServer, stop, waitForHealth } from '../tests/server/support/child-processes';
import type { BenchResult } from './report';

const BUDGET_IDLE_MB = 300;
const SETTLE_MS = 5_000;
/** Starts measured: one server's figure moves by ±20 MB from start to start (what V8 compiles, and when). */
const STARTS = 3;

/** A process's resident memory in MB, from /proc (Linux). */
export function residentMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]);
  return kb / 1024;
}

/**
 * Issue 20: the resident memory of `npm start`'s server (embedded: PGlite in its thread, the job
 * runner, the sandbox) on a fresh DATA_DIR, idle a few seconds after it first answered.
 */
export async function memory(): Promise<BenchResult[]> {
  const idle: number[] = [];
  for (let start = 0; start < STARTS; start += 1) idle.push(await idleResidentMb());
  const sorted = [...idle].sort((a, b) => a - b);
  return [
    {
      name: 'server resident memory, idle (embedded)',
      value: sorted[Math.floor(STARTS / 2)],
      unit: 'MB',
      budget: BUDGET_IDLE_MB,
      better: 'lower',
      detail:
        `median of ${STARTS} starts (${idle.map((mb) => mb.toFixed(0)).join(', ')} MB) of npm start's server, ` +
        `each on a fresh DATA_DIR, ${SETTLE_MS / 1000} s after its first answer`,
    },
  ];
}

async function idleResidentMb(): Promise<number> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'threadline-bench-memory-'));
  const port = await freePort();
  const server = startServer(dataDir, port);
  try {
    await waitForHealth(server, port);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    return residentMb(server.process.pid as number);
  } finally {
    await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
