import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startServer, stop, waitForHealth } from '../tests/server/support/child-processes';
import type { BenchResult } from './report';
import { residentMb } from './resident';

const BUDGET_IDLE_MB = 300;
/** The figure earlier runs reported: this long after the first answer, start-up's garbage is still held. */
const EARLY_MS = 5_000;
/** Idle means settled: the resident memory moved by at most this much over the last `SETTLED_WINDOW_MS`… */
const SETTLED_MB = 2;
const SETTLED_WINDOW_MS = 10_000;
/** …or this long has passed since the first answer (V8 gives start-up's garbage back after about 10–15 s). */
const SETTLE_LIMIT_MS = 60_000;
const SAMPLE_EVERY_MS = 1_000;
/** Starts measured: one server's figure moves by ±20 MB from start to start (what V8 compiles, and when). */
const STARTS = 3;

/**
 * Issue 20: the resident memory of `npm start`'s server (embedded: PGlite in its thread, the job
 * runner, the sandbox) on a fresh DATA_DIR, idle: once it has settled after start-up, as a server
 * that waits for its next customer stays. The figure 5 s after the first answer, which earlier runs
 * reported, is given beside it.
 */
export async function memory(): Promise<BenchResult[]> {
  const starts: IdleStart[] = [];
  for (let start = 0; start < STARTS; start += 1) starts.push(await idleStart());
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const list = (values: number[]) => values.map((value) => value.toFixed(0)).join(', ');
  const idle = starts.map((start) => start.idleMb);
  const early = starts.map((start) => start.earlyMb);
  return [
    {
      name: 'server resident memory, idle (embedded)',
      value: median(idle),
      unit: 'MB',
      budget: BUDGET_IDLE_MB,
      better: 'lower',
      detail:
        `median of ${STARTS} starts (${list(idle)} MB) of npm start's server, each on a fresh DATA_DIR, once ` +
        `settled (${list(starts.map((start) => start.settledMs / 1000))} s after its first answer); ` +
        `${EARLY_MS / 1000} s after it: ${list(early)} MB`,
    },
  ];
}

interface IdleStart {
  earlyMb: number;
  idleMb: number;
  settledMs: number;
}

/** One start: the resident memory `EARLY_MS` after the first answer, and once it has settled. */
async function idleStart(): Promise<IdleStart> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'threadline-bench-memory-'));
  const port = await freePort();
  const server = startServer(dataDir, port);
  try {
    await waitForHealth(server, port);
    const started = Date.now();
    const samples: { at: number; mb: number }[] = [];
    let earlyMb: number | undefined;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS));
      const at = Date.now() - started;
      const mb = residentMb(server.process.pid as number);
      samples.push({ at, mb });
      if (earlyMb === undefined && at >= EARLY_MS) earlyMb = mb;
      const window = samples.filter((sample) => sample.at >= at - SETTLED_WINDOW_MS).map((sample) => sample.mb);
      const settled = at >= SETTLED_WINDOW_MS && Math.max(...window) - Math.min(...window) <= SETTLED_MB;
      if (earlyMb !== undefined && (settled || at >= SETTLE_LIMIT_MS)) return { earlyMb, idleMb: mb, settledMs: at };
    }
  } finally {
    await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
