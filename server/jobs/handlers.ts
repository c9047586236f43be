import { setMaxListeners } from 'node:events';
import type { NameFilter } from './queue';
import { DEFAULT_LANE, type JobHandler } from './types';

/**
 * The handlers a process registered, each in its lane: what both runners (ours, the engine's) look
 * up by job name, and the lanes they run pools of.
 */
export class JobHandlers {
  private readonly entries = new Map<string, { handler: JobHandler<never>; lane: string }>();

  register<P>(name: string, handler: JobHandler<P>, lane = DEFAULT_LANE): void {
    if (this.entries.has(name)) throw new Error(`A handler for job '${name}' is already registered`);
    this.entries.set(name, { handler: handler as JobHandler<never>, lane });
  }

  handler(name: string): JobHandler<never> | undefined {
    return this.entries.get(name)?.handler;
  }

  /** The lanes handlers were registered in. */
  lanes(): string[] {
    return [...new Set([...this.entries.values()].map((entry) => entry.lane))];
  }

  /** The job names registered in `lane`. */
  namesIn(lane: string): string[] {
    return [...this.entries].filter(([, entry]) => entry.lane === lane).map(([name]) => name);
  }

  /** The names these lanes claim; with the default lane, also the names no handler knows (to fail them). */
  filter(lanes: readonly string[]): NameFilter {
    const namesIn = (inLanes: boolean) =>
      [...this.entries].filter(([, entry]) => lanes.includes(entry.lane) === inLanes).map(([name]) => name);
    return lanes.includes(DEFAULT_LANE)
      ? { names: namesIn(false), except: true }
      : { names: namesIn(true), except: false };
  }
}

/**
 * A runner's signal: aborted by its own `stop()` or the app's shutdown. Every running job's calls
 * listen to it, so many listeners are expected, not a leak.
 */
export function runnerSignal(stopping: AbortController, appSignal?: AbortSignal): AbortSignal {
  const signal = appSignal ? AbortSignal.any([appSignal, stopping.signal]) : stopping.signal;
  setMaxListeners(0, signal);
  return signal;
}
