import fs from 'node:fs';

const SAMPLE_EVERY_MS = 200;
/**
 * How often the process table is read again for new server processes (a few hundred files, read on
 * this thread, which may host the app being measured); in between, only the known ones are read.
 */
const LOOK_FOR_SERVERS_EVERY_MS = 2_000;
/** The server processes a bench may start: the API (`npm start`'s) and the job workers. */
const SERVER_SCRIPT = /server\/(main|worker)\.ts/;

/** A process's resident memory in MB, from /proc (Linux); 0 once it has ended. */
export function residentMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** The server processes descended from this one (through tsx's or npm's own processes). */
function serverProcesses(): number[] {
  const parents = new Map<number, number>();
  const commands = new Map<number, string>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid …: the command may hold spaces and parentheses, so read after the last ')'.
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      commands.set(Number(entry), fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' '));
    } catch {
      // The process ended while we looked.
    }
  }
  const descends = (pid: number): boolean => {
    for (let parent = parents.get(pid); parent !== undefined && parent > 1; parent = parents.get(parent)) {
      if (parent === process.pid) return true;
    }
    return false;
  };
  return [...commands].filter(([pid, command]) => SERVER_SCRIPT.test(command) && descends(pid)).map(([pid]) => pid);
}

export interface ResidentPeaks {
  /**
   * This process at the bench's start and at its peak: it hosts the in-process app (PGlite and its
   * thread), the load generator and what earlier benches of the run left behind.
   */
  ownStartMb: number;
  ownMb: number;
  /** The peak of the server processes' sum, and how many there were at once at most (0: none ran). */
  serversMb: number;
  servers: number;
}

/**
 * Samples the resident memory of what serves a bench while it runs (issue 20: memory under each
 * bench): this process, and the server processes it started, summed at each sample.
 */
export function sampleResident(): { stop: () => ResidentPeaks } {
  const ownStartMb = process.memoryUsage.rss() / 1024 / 1024;
  const peaks: ResidentPeaks = { ownStartMb, ownMb: ownStartMb, serversMb: 0, servers: 0 };
  let servers: number[] = [];
  let lookedAt = -Infinity;
  const sample = () => {
    peaks.ownMb = Math.max(peaks.ownMb, process.memoryUsage.rss() / 1024 / 1024);
    if (performance.now() - lookedAt >= LOOK_FOR_SERVERS_EVERY_MS) {
      servers = serverProcesses();
      lookedAt = performance.now();
    }
    const running = servers.map(residentMb).filter((mb) => mb > 0);
    peaks.serversMb = Math.max(
      peaks.serversMb,
      running.reduce((total, mb) => total + mb, 0),
    );
    peaks.servers = Math.max(peaks.servers, running.length);
  };
  sample();
  const timer = setInterval(sample, SAMPLE_EVERY_MS);
  return {
    stop() {
      clearInterval(timer);
      lookedAt = -Infinity;
      sample();
      return peaks;
    },
  };
}
